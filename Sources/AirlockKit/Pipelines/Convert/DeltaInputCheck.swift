import Foundation

/// Refuses a `convert` input that is a delta `airlock diff` wrote, before anything runs: a delta holds only the
/// records that changed, so a conversion would take the records it leaves out (existing customers, products) for
/// absent, count existing records as created and reject lines whose headers or products it does not hold, without
/// a word. The right tool for a wave is `convert --since` on the full new exports (docs/runbook.md, "Waves").
///
/// A delta is known by its package (an F&O delta's header says so) or by the migration ledger (an input whose
/// SHA-256 is that of a `delta.zip` a `diff` entry wrote).
enum DeltaInputCheck {
    /// Throws a usage error naming the delta and the command to run instead, when an input is a delta.
    static func check(_ options: ConvertOptions) throws {
        let inputs = [("--fo", options.conversion.foPath), ("--sales", options.conversion.salesPath)]
        let diffs = ledgerDiffs(options)
        for (flag, path) in inputs {
            if let source = try? openPackageSource(path: path), let header = try? FOPackageReader(source: source).header,
                header.description == PackageDiffer.deltaDescription
            {
                throw refusal(flag: flag, path: path, origin: "its PackageHeader.xml says it is the delta airlock diff writes", diff: nil)
            }
            guard !diffs.isEmpty, let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil else {
                continue
            }
            let candidates = diffs.filter { $0.delta.bytes == size }
            guard !candidates.isEmpty, let digest = try? FileDigest.of(path) else { continue }
            if let match = candidates.first(where: { $0.delta.sha256 == digest.sha256 }) {
                throw refusal(
                    flag: flag, path: path, origin: "the migration ledger shows airlock diff wrote it (line \(match.line))",
                    diff: match.entry)
            }
        }
    }

    /// The diff entries of the run's ledger that wrote a delta, with the delta's file.
    private static func ledgerDiffs(_ options: ConvertOptions) -> [(line: Int, entry: LedgerEntry, delta: LedgerFile)] {
        let folder = options.conversion.outputDirectory.map { MigrationLedger.folder(containing: $0) }
        guard let path = options.ledger.path ?? folder.flatMap({ options.ledger.file(in: $0) }),
            FileManager.default.fileExists(atPath: path), let reading = try? MigrationLedger.read(path)
        else { return [] }
        return reading.entries.compactMap { line, entry in
            guard entry.command == DiffPipeline.ledgerCommand,
                let delta = entry.outputs.first(where: { $0.role.hasSuffix(RunLayout.deltaPackage) }), delta.sha256 != nil
            else { return nil }
            return (line, entry, delta)
        }
    }

    private static func refusal(flag: String, path: String, origin: String, diff: LedgerEntry?) -> AirlockError {
        let old = diff?.inputs.first { $0.role == "old" }?.path ?? "the earlier export"
        let new = diff?.inputs.first { $0.role == "new" }?.path ?? "the full new export"
        let side = flag == "--fo" ? "F&O" : "Sales"
        return AirlockError(
            .usage,
            "\(flag) \(path) is a delta, not an export: \(origin). A delta holds only the records that changed, so convert would count the \(side) records it leaves out as missing (existing records created again, lines rejected for want of their headers and products). Convert the full new export and let --since leave out what did not change: airlock convert \(flag) \(new) … --since \(old) (docs/runbook.md, \"Waves\")"
        )
    }
}
