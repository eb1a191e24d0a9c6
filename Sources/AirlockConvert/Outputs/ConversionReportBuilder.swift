import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockReconcile
import AirlockReport
import Foundation

/// A run's `report.json` and `report.html`: the inputs' digests, each flow's counts and what it changed, the warnings,
/// the plan, and the reject files the report names.
enum ConversionReportBuilder {
    /// The digests of a run's inputs, taken on a thread of low priority: on what the reading and the flows leave idle
    /// of the cores.
    static func inputDigests(_ options: ConversionOptions) -> BackgroundTask<[String: FileDigest]> {
        BackgroundTask(lowPriority: true) {
            // A shard given a partition takes the exports' digests from it, their size and last MiB checked.
            let partition = try options.partition.map { (folder: $0, manifest: try ShardPartReader.manifest($0)) }
            var digests: [String: FileDigest] = [:]
            for (role, path) in [("fo", options.foPath), ("sales", options.salesPath)] {
                digests[role] =
                    try partition.flatMap {
                        try ShardPartReader.recordedDigest(of: role, path: path, partition: $0.manifest, folder: $0.folder)
                    } ?? FileDigest.of(path)
            }
            for (index, path) in (options.since ?? []).enumerated() { digests["since-\(index + 1)"] = try FileDigest.of(path) }
            if let keymap = options.keymap { digests["keymap"] = try FileDigest.of(keymap) }
            if let register = options.keyRegister { digests["key-register"] = try FileDigest.of(register) }
            return digests
        }
    }

    /// The report of a run of `selected` of `templates`: the flows it writes and counts (`owns`) each with its counts.
    static func report(
        _ options: ConversionOptions, company: String, inputs: [String: FileDigest], templates: TemplateSet, selected: Set<String>,
        outputs: [FlowOutput], owns: (FlowOutput) -> Bool, warnings: [String], plan: ConversionPlan
    ) -> ConversionReport {
        var report = ConversionReport(
            tool: "airlock", version: AirlockVersion.current, company: company, options: options, inputs: inputs, outputs: [:],
            flows: [:], flowsNotRun: templates.templates.map(\.name).filter { !selected.contains($0) },
            totals: ConversionReport.Totals(), warnings: warnings, validation: [:], refused: false, plan: plan)
        for output in outputs where owns(output) { add(output, to: &report) }
        return report
    }

    /// Adds a flow's counts, what it wrote and changed, and its reject file's name to `report`.
    static func add(_ output: FlowOutput, to report: inout ConversionReport) {
        var generated: [String: ConversionReport.Generated] = [:]
        for records in output.generated {
            generated[records.kind] = ConversionReport.Generated(
                entity: records.entity, created: records.created, updated: records.updated, unchanged: records.unchanged)
        }
        var flow = ConversionReport.Flow(
            counts: output.counts, written: output.writtenCount,
            source: output.template.source.entity, target: output.template.target.entity,
            direction: output.template.direction == .salesToFO ? "sales-to-fo" : "fo-to-sales", filteredBy: output.filteredBy,
            updatedFields: output.changedFields.mapValues(\.records), generated: generated,
            unresolvedLookups: Dictionary(grouping: output.unresolved, by: \.field).mapValues(\.count),
            rejectFile: output.rejects.isEmpty || report.options.dryRun ? nil : RunLayout.rejectFile(flow: output.template.name),
            fieldChanges: output.changedFields, keptValues: output.keptExisting)
        flow.keptByMaster = output.keptByMaster
        report.flows[output.template.name] = flow
        report.totals.counts += output.counts
        report.totals.written += output.writtenCount
    }

    /// Writes `rejects/<flow>.csv` of each flow that rejected records and `rejects/unresolved-lookups.csv`, each
    /// digest in `report`.
    static func writeRejects(_ outputs: [FlowOutput], staging: StagingDirectory, report: inout ConversionReport) throws {
        for output in outputs where !output.rejects.isEmpty {
            let name = RunLayout.rejectFile(flow: output.template.name)
            try staging.makeFolder(RunLayout.rejectsFolder)
            try RejectFileWriter.write(output, to: staging.path(name))
            report.outputs[name] = try FileDigest.of(staging.path(name), as: name)
        }
        let unresolved = outputs.filter { !$0.unresolved.isEmpty }
        if !unresolved.isEmpty {
            let name = RunLayout.unresolvedLookupsFile
            try staging.makeFolder(RunLayout.rejectsFolder)
            try RejectFileWriter.writeUnresolved(unresolved, to: staging.path(name))
            report.outputs[name] = try FileDigest.of(staging.path(name), as: name)
        }
    }

    /// Writes `report.html` (no duration: equal runs give equal files), with the first rows of each reject file.
    private static func writePage(_ report: ConversionReport, staging: StagingDirectory) throws {
        let page = ReportPage.html(conversion: report, rejectExamples: ReportPage.rejectExamples(in: staging.path(RunLayout.rejectsFolder)))
        try staging.write(Data(page.utf8), to: RunLayout.conversionPage)
    }

    /// Writes `report.json` and `report.html`.
    static func write(_ report: ConversionReport, staging: StagingDirectory) throws {
        try staging.write(report.jsonData(), to: RunLayout.conversionReport)
        try writePage(report, staging: staging)
    }
}
