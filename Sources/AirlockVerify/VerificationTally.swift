import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockReport

/// Counts what became of the sent records, per flow and entity, once the exports have been read.
enum VerificationTally {
    /// The report of a verification: each flow of the run with each entity it wrote.
    static func report(
        run: RunFolder, sent: SentPackages, options: VerificationOptions, sides: (fo: Bool, sales: Bool), inputs: [String: FileDigest],
        warnings: inout [String]
    ) -> VerificationReport {
        var flows: [String: VerificationReport.Flow] = [:]
        for template in run.order {
            guard let flow = run.report.flows[template.name] else { continue }
            let side: DataSide = flow.direction == "sales-to-fo" ? .fo : .sales
            flows[template.name] = VerificationReport.Flow(
                counts: VerificationCounts(), direction: flow.direction, side: side.rawValue,
                verified: side == .fo ? sides.fo : sides.sales,
                driftedFields: [:], entities: [:])
        }
        for entity in sent.fo + sent.sales {
            settleDuplicates(entity, warnings: &warnings)
            if entity.repeatedInExport > 0 {
                warnings.append(
                    "the \(entity.side == .fo ? "F&O" : "Sales") export's \(entity.exportEntity ?? entity.name) holds \(entity.repeatedInExport) records whose key an earlier record has; only the first was compared"
                )
            }
            if entity.verified, !entity.notCompared.isEmpty {
                warnings.append(
                    "the \(entity.side == .fo ? "F&O" : "Sales") export's \(entity.exportEntity ?? entity.name) does not carry \(entity.notCompared.joined(separator: ", ")): sent but not compared"
                )
            }
            var counts = Array(repeating: VerificationCounts(), count: entity.flows.count)
            for row in 0..<entity.rowCount {
                let slot = Int(entity.flowOfRow[row])
                counts[slot].sent += 1
                guard entity.verified else {
                    counts[slot].notVerified += 1
                    continue
                }
                switch entity.outcomes[row] {
                case .notFound: counts[slot].missing += 1
                case .landed: counts[slot].landed += 1
                case .unproven:
                    counts[slot].landed += 1
                    counts[slot].unproven += 1
                case .drifted: counts[slot].drifted += 1
                }
            }
            for (slot, name) in entity.flows.enumerated() where counts[slot].sent > 0 {
                guard var flow = flows[name] else { continue }
                let fields = fieldCounts(entity, entity.driftCounts[slot])
                let unproven = fieldCounts(entity, entity.unprovenCounts[slot])
                flow.entities[entity.name] = VerificationReport.Entity(
                    counts: counts[slot], side: entity.side.rawValue, driftedFields: fields, unprovenFields: unproven,
                    exportEntity: entity.exportEntity, notCompared: entity.notCompared, matchedBy: entity.side == .fo ? "key" : "id")
                flow.counts += counts[slot]
                for (field, count) in fields { flow.driftedFields[field, default: 0] += count }
                for (field, count) in unproven { flow.unprovenFields[field, default: 0] += count }
                flows[name] = flow
            }
        }
        let totals = flows.values.reduce(VerificationCounts()) { $0 + $1.counts }
        var sideReports: [String: VerificationReport.Side] = [:]
        for (side, given, path, package) in [
            (DataSide.fo, sides.fo, options.foPath, RunLayout.foPackage),
            (DataSide.sales, sides.sales, options.salesPath, RunLayout.salesPackage),
        ] {
            let entities = side == .fo ? sent.fo : sent.sales
            let note: String?
            if !given {
                note =
                    "no --\(side.rawValue) export given: the \(entities.reduce(0) { $0 + $1.rowCount }) records \(package) sent are not verified"
            } else if entities.isEmpty {
                note = "the conversion sent nothing to this side"
            } else {
                note = nil
            }
            sideReports[side.rawValue] = VerificationReport.Side(verified: given, export: given ? path : nil, note: note)
        }
        return VerificationReport(
            tool: "airlock", version: AirlockVersion.current, company: run.report.company, options: options, inputs: inputs,
            sides: sideReports, flows: flows, totals: totals, outputs: [:], warnings: warnings)
    }

    /// Field → count, of the columns of `entity` whose count in `counts` is not zero.
    private static func fieldCounts(_ entity: SentEntity, _ counts: [Int]) -> [String: Int] {
        var fields: [String: Int] = [:]
        for (column, count) in counts.enumerated() where count > 0 { fields[entity.columnNames[column]] = count }
        return fields
    }

    /// A sent F&O record whose key an earlier sent record of the entity has is the same target record: it has that
    /// record's outcome.
    private static func settleDuplicates(_ entity: SentEntity, warnings: inout [String]) {
        guard let duplicates = entity.keyIndex?.duplicates, entity.side == .fo, !duplicates.isEmpty else { return }
        for duplicate in duplicates { entity.outcomes[duplicate.row] = entity.outcomes[duplicate.keptRow] }
        warnings.append("\(entity.name) of \(RunLayout.foPackage) holds \(duplicates.count) records whose key an earlier record has")
    }
}
