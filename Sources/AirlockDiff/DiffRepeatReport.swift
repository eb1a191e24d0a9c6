/// Puts what one entity's repeated keys came to into its report: the exact copies and the ambiguous keys with their
/// first examples (`duplicates`, `ambiguous`), and warnings naming the export, its file, the entity, the keys and
/// where their records are.
enum DiffRepeatReport {
    /// Where an entity's records are, for the warnings.
    struct Places {
        /// The old and the new export's path, with the entity's file (F&O).
        var old: String
        var new: String
        /// Whether records are placed by line (F&O) or by record number (CMT).
        var byLine: Bool
    }

    /// Fills `report.duplicates` and `report.ambiguous` from `matcher` (after its `finish`) and adds the warnings.
    static func add(to report: inout DiffEntityReport, warnings: inout [String], matcher: DiffNewSideMatcher, places: Places) {
        let sides: [(DiffExportSide, DiffKeyRepeats, String)] = [
            (.old, matcher.oldRepeats, places.old), (.new, matcher.newRepeats, places.new),
        ]
        report.duplicates = DiffDuplicates(old: matcher.oldRepeats.copies, new: matcher.newRepeats.copies)
        var ambiguity = matcher.ambiguity
        var hidden = 0
        for (side, repeats, _) in sides {
            for copy in repeats.copyExamples {
                report.duplicates.examples.append(example(copy, side: side, matcher: matcher, byLine: places.byLine))
            }
            for conflict in repeats.conflictExamples {
                ambiguity.examples.append(
                    example(conflict, side: side, matcher: matcher, byLine: places.byLine, outcome: matcher.outcomes[conflict.entry]))
            }
            hidden += repeats.conflictingKeys - repeats.conflictExamples.count
        }
        report.ambiguous = ambiguity

        let entity = report.entity
        for (side, repeats, place) in sides where repeats.copies > 0 {
            let named = repeats.copyExamples.map {
                "\(keyText(report.key, matcher.index.keyParts(of: $0.entry))) (\(positions($0.lines, byLine: places.byLine)))"
            }
            let shown = repeats.copyExamples.reduce(0) { $0 + $1.lines.count - 1 }
            warnings.append(
                "\(entity): the \(side.rawValue) export (\(place)) holds \(repeats.copies) exact \(repeats.copies == 1 ? "copy" : "copies") of an earlier record (same key, same values), each counted once and left out: \(named.joined(separator: "; "))\(repeats.copies > shown ? "; …" : "")"
            )
        }
        for (side, repeats, place) in sides {
            for conflict in repeats.conflictExamples {
                let distinct = repeats.distinctCount(of: conflict.entry) ?? conflict.lines.count
                let key = keyText(report.key, matcher.index.keyParts(of: conflict.entry))
                warnings.append(
                    "\(entity): the \(side.rawValue) export (\(place)) has \(distinct) different records with the key \(key) (\(positions(conflict.lines, byLine: places.byLine))); \(consequence(matcher.outcomes[conflict.entry]))"
                )
            }
        }
        if hidden > 0 {
            warnings.append(
                "\(entity): \(hidden) more \(hidden == 1 ? "key has" : "keys have") different records within one export; diff.json counts them under ambiguous"
            )
        }
    }

    private static func example(
        _ example: DiffKeyRepeats.Example, side: DiffExportSide, matcher: DiffNewSideMatcher, byLine: Bool, outcome: DiffKeyOutcome? = nil
    ) -> DiffKeyExample {
        DiffKeyExample(
            export: side, key: matcher.index.keyParts(of: example.entry), lines: byLine ? example.lines : nil,
            records: byLine ? nil : example.lines, outcome: outcome)
    }

    /// What became of an ambiguous key, for its warning.
    private static func consequence(_ outcome: DiffKeyOutcome?) -> String {
        switch outcome {
        case .created?:
            return "the old export lacks the key, so each distinct record goes to the delta as created: settle which is right"
        case .changed?:
            return "each distinct record the new export has under the key goes to the delta as changed: settle which is right"
        case .unchanged?:
            return "the other export holds the same records under the key, so none goes to the delta"
        case .deleted?:
            return "the new export lacks the key, which is listed once in deleted.csv"
        case nil:
            return "settle which is right"
        }
    }

    /// `FIELD=value, FIELD=value`.
    private static func keyText(_ fields: [String], _ parts: [String]) -> String {
        zip(fields, parts).map { "\($0)=\($1)" }.joined(separator: ", ")
    }

    /// `lines 3 and 17`, `records 2, 5 and 9`.
    private static func positions(_ numbers: [Int], byLine: Bool) -> String {
        let texts = numbers.map(String.init)
        let list = texts.count > 1 ? texts.dropLast().joined(separator: ", ") + " and " + (texts.last ?? "") : texts.joined()
        return (byLine ? "line" : "record") + (texts.count == 1 ? " " : "s ") + list
    }
}
