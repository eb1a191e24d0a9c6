import AirlockIO
import AirlockModel
import Foundation

/// The batch a `CMTPackageSplitter` is filling: records go, serialised, into a spool file of the batch's `data.xml`
/// body; when the batch is full its zip is written (the schema cut to the entities it holds, the spooled body between
/// the root's start and end tags), or its members as plain files of a folder (`PackageForm.plainMembers`), and the
/// next batch starts.
final class CMTBatchSpool {
    private let schema: CMTSchema
    /// The root's timestamp, which every batch's root carries: set before the first batch is written.
    var timestamp: CMTTimestamp?
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
    /// The entity whose section is open in the spool, with the attributes its sections carry.
    private var openSection: CMTEntityData?

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

    /// Adds a piece of one entity's records (in order); `isLast`: the entity's last piece, whose many-to-many
    /// associations close its section. `cut` is told of each run of its rows and the number of the batch they go to.
    func add(_ chunk: CMTEntityData, isLast: Bool, cut: CMTBatchCutObserver? = nil) throws {
        let count = chunk.records.count
        var start = 0
        while start < count {
            if let recordLimit, recordsInBatch >= recordLimit { try finishBatch() }
            var take = count - start
            if let recordLimit { take = min(take, recordLimit - recordsInBatch) }
            var bytes = try serialize(chunk, rows: start..<(start + take))
            if let dataBudget {
                // Fewer records until they fit; a batch takes at least one record, whatever its size.
                while spoolBytes + Int64(bytes.count) > dataBudget, take > 1 {
                    take /= 2
                    bytes = try serialize(chunk, rows: start..<(start + take))
                }
                if spoolBytes + Int64(bytes.count) > dataBudget, recordsInBatch > 0 {
                    try finishBatch()
                    continue
                }
            }
            try open(chunk)
            try spoolWriter().write(contentsOf: bytes)
            spoolBytes += Int64(bytes.count)
            recordsInBatch += take
            sections[sections.count - 1].records += take
            try cut?.rows(batches.count + 1, chunk, start..<(start + take))
            start += take
        }
        guard isLast else { return }
        if openSection?.name == chunk.name {
            try closeSection(associations: chunk.manyToMany)
        } else if count == 0 && sections.last?.entity != chunk.name {
            // A section without records (associations only) goes whole into the batch being filled.
            let writer = try spoolWriter()
            try self.writer.writeEntity(chunk, pieces: [], to: writer)
            sections.append(PackageBatch.Section(entity: chunk.name, records: 0, continues: false))
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

    private func open(_ chunk: CMTEntityData) throws {
        if let openSection, openSection.name == chunk.name { return }
        let writer = try spoolWriter()
        try self.writer.writeEntityStart(chunk, hasRecords: true, to: writer)
        var attributes = chunk
        attributes.records = CMTRecordTable(name: chunk.name, columnNames: [CMTRecordTable.idColumn])
        attributes.partyMembers = CMTRecordTable(name: chunk.name, columnNames: [CMTRecordTable.idColumn])
        attributes.manyToMany = []
        openSection = attributes
        sections.append(PackageBatch.Section(entity: chunk.name, records: 0, continues: false))
    }

    private func closeSection(associations: [CMTManyToManyAssociation]) throws {
        guard let section = openSection else { return }
        try writer.writeEntityEnd(section.name, hasRecords: true, associations: associations, to: try spoolWriter())
        openSection = nil
    }

    /// Ends the batch: the open section is cut (it continues in the next batch), the zip is written.
    private func finishBatch() throws {
        if openSection != nil {
            try closeSection(associations: [])
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
        let data: (ByteSink) throws -> Void = { [writer, timestamp] sink in
            let head = BufferedByteWriter(sink: sink)
            try writer.writeStart(timestamp: timestamp, to: head)
            try head.flush()
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

    /// `rows` of `chunk` as `data.xml` writes them.
    private func serialize(_ chunk: CMTEntityData, rows: Range<Int>) throws -> [UInt8] {
        let sink = MemoryByteSink()
        let buffered = BufferedByteWriter(sink: sink)
        try writer.writeRecords(chunk, rows: rows, to: buffered)
        try buffered.flush()
        return sink.bytes
    }
}
