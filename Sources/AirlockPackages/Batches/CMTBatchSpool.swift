import AirlockIO
import AirlockModel
import Foundation

/// The batch a `CMTPackageSplitter` is filling: records go, as the package holds their bytes, into a spool file of
/// the batch's `data.xml` body; when the batch is full its zip is written (the schema cut to the entities it holds,
/// the spooled body between the package's own head and the root's end tag), or its members as plain files of a
/// folder (`PackageForm.plainMembers`), and the next batch starts.
final class CMTBatchSpool {
    private let schema: CMTSchema
    /// The package's XML declaration and root start tag, which every batch's `data.xml` starts with.
    var head: [UInt8] = []
    private let folder: String
    private let stem: String
    private let recordLimit: Int?
    /// The most bytes of `data.xml` a batch holds: the size limit less the fixed members, over the expected deflate ratio.
    private let dataBudget: Int64?
    private let writer: CMTDataWriter
    private let form: PackageForm

    private(set) var batches: [PackageBatch] = []
    private var spool: (sink: FileByteSink, writer: BufferedByteWriter)?
    private var spoolBytes: Int64 = 0
    private var sections: [PackageBatch.Section] = []
    private var recordsInBatch = 0
    /// The entity whose section is open in the spool.
    private var openSection: String?

    init(
        schema: CMTSchema, folder: String, stem: String, limits: PackageBatchLimits, dataBudget: Int64?,
        form: PackageForm
    ) {
        self.form = form
        self.schema = schema
        self.folder = folder
        self.stem = stem
        self.recordLimit = limits.records
        self.dataBudget = dataBudget
        self.writer = CMTDataWriter(schema: schema)
    }

    /// Adds a record of the section of `entity` whose start (its start tag and `<records>`, as the package holds
    /// them) is `start`: `bytes`, as the package holds it. Returns the number (from 1) of the batch it went to.
    func add(record bytes: UnsafeRawBufferPointer, of entity: String, start: UnsafeRawBufferPointer) throws -> Int {
        if let recordLimit, recordsInBatch >= recordLimit { try finishBatch() }
        // A batch takes at least one record, whatever its size.
        if let dataBudget, spoolBytes + Int64(bytes.count) > dataBudget, recordsInBatch > 0 { try finishBatch() }
        if openSection != entity {
            try spoolWriter().write(start)
            openSection = entity
            sections.append(PackageBatch.Section(entity: entity, records: 0, continues: false))
        }
        try spoolWriter().write(bytes)
        spoolBytes += Int64(bytes.count)
        recordsInBatch += 1
        sections[sections.count - 1].records += 1
        return batches.count + 1
    }

    /// Ends the section of `entity`: `end` (`</records>`, its many-to-many associations and `</entity>`, as the package
    /// holds them) closes it in the batch being filled, which holds its last records. A section without records,
    /// `whole` (its start and end), goes whole into the batch being filled.
    func endSection(_ entity: String, end: UnsafeRawBufferPointer, whole start: UnsafeRawBufferPointer?) throws {
        if openSection == entity {
            try spoolWriter().write(end)
            openSection = nil
        } else if let start, sections.last?.entity != entity {
            let writer = try spoolWriter()
            try writer.write(start)
            try writer.write(end)
            sections.append(PackageBatch.Section(entity: entity, records: 0, continues: false))
        }
    }

    /// Writes the last batch, if it holds anything; returns the series.
    func finish() throws -> [PackageBatch] {
        if !sections.isEmpty { try finishBatch() }
        return batches
    }

    /// Removes the spool of an unfinished batch (after an error).
    func discard() {
        if let spool {
            try? spool.sink.close()
            unlink(spool.sink.path)
        }
        spool = nil
    }

    // MARK: batch

    private var spoolPath: String { "\(folder)/.\(PackageBatch.fileName(stem: stem, number: batches.count + 1)).data.xml" }

    private func spoolWriter() throws -> BufferedByteWriter {
        if let spool { return spool.writer }
        let sink = try FileByteSink(path: spoolPath)
        let writer = BufferedByteWriter(sink: sink)
        spool = (sink, writer)
        return writer
    }

    /// Ends the batch: the open section is cut (it continues in the next batch), the zip is written.
    private func finishBatch() throws {
        if let section = openSection {
            try writer.writeEntityEnd(section, hasRecords: true, associations: [], to: try spoolWriter())
            openSection = nil
            sections[sections.count - 1].continues = true
        }
        guard let spool else { return }
        try spool.writer.flush()
        try spool.sink.close()
        self.spool = nil
        defer { unlink(spool.sink.path) }
        var batch = PackageBatch(
            fileName: PackageBatch.fileName(stem: stem, number: batches.count + 1), number: batches.count + 1, sections: sections, bytes: 0)
        let path = try batch.prepare(in: folder, form: form)
        let data: (ByteSink) throws -> Void = { [writer, head] sink in
            try head.withUnsafeBytes { try sink.write($0) }
            try FileCopy.copy(spool.sink.path, to: sink)
            let tail = BufferedByteWriter(sink: sink)
            try writer.writeEnd(to: tail)
            try tail.flush()
        }
        switch form {
        case .zip:
            try CMTPackageWriter.write(schema: schema(for: sections), to: path, data: data)
            batch.bytes = try FileStatus.of(path).size
        case .plainMembers:
            try CMTPackageWriter.writePlain(schema: schema(for: sections), into: path, data: data)
        }
        batches.append(batch)
        sections = []
        recordsInBatch = 0
        spoolBytes = 0
    }

    /// The schema of a batch: the entities it holds, in the package schema's order, with their import order.
    private func schema(for sections: [PackageBatch.Section]) -> CMTSchema {
        let names = Set(sections.map(\.entity))
        var cut = schema
        cut.entities = schema.entities.filter { names.contains($0.name) }
        cut.entityImportOrder = schema.entityImportOrder?.filter { names.contains($0) }
        return cut
    }
}
