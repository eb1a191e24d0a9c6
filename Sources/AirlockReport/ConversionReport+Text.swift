import AirlockMapping

/// The readable summary `airlock convert` prints.
extension ConversionReport {
    /// One line per flow (read, filtered, created, updated, unchanged, rejected with reasons), totals, outputs
    /// and warnings.
    public func text() -> String {
        var lines: [String] = []
        lines.append("Conversion for company \(company)\(options.dryRun ? " (dry run: nothing written)" : "")")
        lines += flowTable()
        lines += flowDetails()
        lines += outputLines()
        lines += validationWarnings()
        lines += runWarnings()
        let prerequisites = ImportPrerequisite.text(plan?.beforeImport ?? [])
        if !prerequisites.isEmpty && !refused { lines += [""] + prerequisites }
        let steps = nextSteps
        if !steps.isEmpty {
            lines.append("")
            lines.append("Next steps:")
            lines += steps.map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// The table of counts: a row per flow and the totals, the flow names left-aligned, the counts right-aligned.
    private func flowTable() -> [String] {
        let header = ["flow", "read", "filtered", "created", "updated", "unchanged", "rejected"]
        var rows: [[String]] = [header]
        for name in flowOrder {
            guard let flow = flows[name] else { continue }
            rows.append([
                name, "\(flow.read)", "\(flow.filtered)", "\(flow.created)", "\(flow.updated)", "\(flow.unchanged)", "\(flow.rejected)",
            ])
        }
        rows.append([
            "total", "\(totals.read)", "\(totals.filtered)", "\(totals.created)", "\(totals.updated)", "\(totals.unchanged)",
            "\(totals.rejected)",
        ])
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == 0
                    ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
    }

    /// Per flow, what the table does not say: its rejections by reason, the fields it changes, the values it keeps,
    /// and the records its rules generate.
    private func flowDetails() -> [String] {
        var lines: [String] = []
        for name in flowOrder {
            guard let flow = flows[name] else { continue }
            if !flow.rejectedByReason.isEmpty {
                let reasons = flow.rejectedByReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                lines.append("  \(name) rejected: \(reasons)\(flow.rejectFile.map { " → \($0)" } ?? "")")
            }
            if !flow.fieldChanges.isEmpty {
                // A line a field: linking with --keymap can change dozens of an existing customer's fields.
                lines.append("  \(name) changes existing records (the first record's values as an example):")
                lines += FieldChange.table(flow.fieldChanges).map { "    " + $0 }
            }
            if !flow.keptValues.isEmpty {
                lines.append("  \(name) keeps existing values: \(ConversionPlan.keptText(flow.keptValues))")
            }
            if !flow.keptByMaster.isEmpty {
                lines.append("  \(name) \(ConversionPlan.masterText(flow.keptByMaster, options: options))")
            }
            for (kind, records) in flow.generated.sorted(by: { $0.key < $1.key })
            where records.created + records.updated + records.unchanged > 0 {
                lines.append(
                    "  \(name) also: \(kind) (\(records.entity)) created \(records.created), updated \(records.updated), unchanged \(records.unchanged)"
                )
            }
        }
        return lines
    }

    /// The records the rules add beside the flows' written ones, the flows not run, each file written with its digest,
    /// and a batched run's series in one line.
    private func outputLines() -> [String] {
        var lines: [String] = []
        if let writtenLine { lines.append(writtenLine) }
        if !flowsNotRun.isEmpty { lines.append("Not run: \(flowsNotRun.joined(separator: ", "))") }
        for (name, digest) in outputs.sorted(by: { $0.key < $1.key }) where !name.hasPrefix(ImportPlan.folder + "/") {
            lines.append("Wrote \(name) (\(digest.bytes) bytes, sha256 \(digest.sha256.prefix(16))…)")
        }
        if let importPlan {
            // A series is one line: the import plan lists every batch with its digest.
            let sides = ["F&O", "Sales"].compactMap { system -> String? in
                let batches = importPlan.batches.filter { $0.system == system }
                guard !batches.isEmpty else { return nil }
                let records = batches.reduce(0) { $0 + $1.records }
                let steps = importPlan.steps.filter { $0.batches.first?.system == system }.count
                return
                    "\(system) \(records) records in \(batches.count) package\(batches.count == 1 ? "" : "s"), \(steps) step\(steps == 1 ? "" : "s")"
            }
            lines.append(
                "Wrote \(importPlan.batches.count) batch\(importPlan.batches.count == 1 ? "" : "es") into \(ImportPlan.folder)/ (\(sides.joined(separator: "; ")); the series load independently: \(ImportPlan.folder)/\(ImportPlan.textName))"
            )
        }
        return lines
    }

    /// What `airlock validate` says of the packages written, so that the summary and the validation agree: a
    /// warning on an output (a length only AX 2012 documents) is named here, not left for the user to find.
    private func validationWarnings() -> [String] {
        validation.sorted(by: { $0.key < $1.key }).filter { $0.value.warnings > 0 || $0.value.notices > 0 }.map { name, result in
            let rules = result.rules.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
            var counts: [String] = []
            if result.warnings > 0 { counts.append("\(result.warnings) warning\(result.warnings == 1 ? "" : "s")") }
            if result.notices > 0 { counts.append("\(result.notices) notice\(result.notices == 1 ? "" : "s")") }
            return
                "warning: \(name) was written with \(counts.joined(separator: " and ")) of airlock validate (\(rules.joined(separator: ", "))): `airlock validate \(options.outputDirectory.map { $0 + "/" } ?? "")\(name)` lists them"
        }
    }

    /// The run's warnings, those of the plan (records `--since` does not send again, flows that convert nothing),
    /// and a note for each flow whose own filters leave out every record.
    private func runWarnings() -> [String] {
        var lines: [String] = []
        for warning in warnings { lines.append("warning: \(warning)") }
        for name in flowOrder {
            guard let missing = plan?.flows[name]?.unchangedNotInTarget, missing > 0 else { continue }
            lines.append(
                "warning: flow \(name): \(missing) record\(missing == 1 ? " is" : "s are") unchanged since the last wave but not in the target export (rejected or not imported in an earlier wave, or deleted in the target since): --since does not send \(missing == 1 ? "it" : "them") again; where \(missing == 1 ? "it" : "they") should be there, fix the cause, then convert without --since or retry"
            )
        }
        if let empty = plan?.flowsRejectingAllTheyConvert, !empty.isEmpty {
            lines.append("warning: nothing converted by \(empty.joined(separator: ", ")); `airlock convert --plan` says why")
        }
        for name in flowOrder {
            // Not a loss: the flow's own filters leave out every record (the plan says the same).
            guard let flow = plan?.flows[name], flow.filtersLeaveOutAll else { continue }
            lines.append("note: \(name): \(flow.nothingToConvertText)")
        }
        return lines
    }

    /// Flow names in the order of the template set the conversion ran, then any others by name: the order the
    /// summary, the page and the plan list flows in.
    public var flowOrder: [String] {
        let bundled = (options.templateSet.flatMap(TemplateSetName.init(rawValue:)) ?? .standard).flowNames
        return bundled.filter { flows[$0] != nil } + flows.keys.filter { !bundled.contains($0) }.sorted()
    }
}
