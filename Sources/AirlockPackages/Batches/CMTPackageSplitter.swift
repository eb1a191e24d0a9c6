import AirlockIO
import AirlockModel
import Foundation

/// Cuts a Configuration Migration package into a numbered series of packages, each under `PackageBatchLimits`.
///
/// The records keep the package's order: its sections are in import order (every lookup target before the records
/// that name it, `SalesImportOrder`), so a batch's lookups are to records of an earlier batch, of the same batch, or
/// of the target. A section longer than a batch is cut and continues in the next one; its many-to-many associations
/// go with its last records. Each batch's schema holds the entities it carries. Each record is copied as the package
/// holds its bytes (`CMTWrittenDataScanner`: the package is one Airlock wrote), so the union of the batches is the
/// package, record for record, and cutting costs no parse.
///
/// A size limit is kept by estimate, then checked (`PackageBatchLimits.cut`): a batch takes `data.xml` up to the
/// limit over the package's own deflate ratio, less a margin.
public enum CMTPackageSplitter {
    /// Writes the series of `path` (a zip, or a folder of its members) into `folder` as `<stem>-0001.zip`, … and
    /// returns it, in import order; `form` `.plainMembers` writes each batch's members into a folder
    /// `<stem>-0001`, … instead (`PackageBatch.plainFolderName`), to be zipped later, and takes no size limit.
    /// `cut` is told of the records each batch takes as they are cut.
    /// - Throws: `AirlockError` when the package cannot be read, a batch cannot be written, or a batch stays over the
    ///   size limit; the batches written are removed then. `.usage` for a size limit with `.plainMembers`;
    ///   `.unsupported`, naming the line, for a `data.xml` Airlock's writer did not write.
    public static func split(
        _ path: String, limits: PackageBatchLimits, into folder: String, stem: String, form: PackageForm = .zip,
        cut: CMTBatchCutObserver? = nil
    ) throws -> [PackageBatch] {
        try limits.checkCut(form, package: path)
        let fixed: Set<String> = [CMTPackage.schemaMember, CMTPackage.contentTypesMember]
        return try limits.cut(path, into: folder, fixedMembers: fixed) { budget in
            try write(path, limits: limits, into: folder, stem: stem, dataBudget: budget, form: form, cut: cut)
        }
    }

    private static func write(
        _ path: String, limits: PackageBatchLimits, into folder: String, stem: String, dataBudget: Int64?, form: PackageForm,
        cut: CMTBatchCutObserver?
    ) throws -> [PackageBatch] {
        let source = try openPackageSource(path: path)
        let reader = try CMTPackageReader(source: source, countsAs: .checked)
        let spool = CMTBatchSpool(schema: reader.schema, folder: folder, stem: stem, limits: limits, dataBudget: dataBudget, form: form)
        var read: [String: Int] = [:]
        var tally = RecordTally(.checked)
        cut?.start()
        do {
            // The open section's name and start, which a batch it continues in opens it with again.
            var section: (name: String, start: [UInt8])?
            var records = 0
            try CMTWrittenDataScanner.scan(source.open(reader.dataMember), location: source.location(of: reader.dataMember)) { part in
                switch part {
                case .head(let bytes): spool.head = Array(bytes)
                case .sectionStart(let name, let bytes):
                    section = (name, Array(bytes))
                    records = 0
                case .record(let id, let bytes):
                    guard let open = section else { return }
                    let batch = try open.start.withUnsafeBytes { try spool.add(record: bytes, of: open.name, start: $0) }
                    cut?.record(batch, open.name, id)
                    records += 1
                    tally.count()
                case .sectionEnd(let bytes):
                    guard let open = section else { return }
                    read[open.name, default: 0] += records
                    // A section without records goes whole into the batch being filled.
                    try open.start.withUnsafeBytes { start in try spool.endSection(open.name, end: bytes, whole: records == 0 ? start : nil)
                    }
                    section = nil
                }
            }
            tally.flush()
            let batches = try spool.finish()
            try check(batches, against: read, package: path)
            return batches
        } catch {
            spool.discard()
            PackageBatch.removeSeries(stem: stem, count: spool.batches.count + 1, from: folder, form: form)
            throw error
        }
    }

    /// Each entity's records over the series must be those read from the package.
    private static func check(_ batches: [PackageBatch], against read: [String: Int], package path: String) throws {
        var written: [String: Int] = [:]
        for batch in batches {
            for section in batch.sections { written[section.entity, default: 0] += section.records }
        }
        for (entity, records) in read.sorted(by: { $0.key < $1.key }) where written[entity, default: 0] != records {
            throw AirlockError(
                .io, "the batches hold \(written[entity, default: 0]) \(entity) records where the package holds \(records)",
                at: SourceLocation(file: path, entity: entity))
        }
    }
}
