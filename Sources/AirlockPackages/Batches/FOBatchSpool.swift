import AirlockIO
import AirlockModel
import Foundation

/// The batch an `FOPackageSplitter` is filling: each entity's records go into a spool file of the batch (header row
/// first, in the file's own encoding and delimiter); when the batch is full its zip is written (the entity files in
/// manifest order, the manifest cut to their lines, the package header), or its members as plain files of a folder
/// (`PackageForm.plainMembers`), and the next batch starts.
final class FOBatchSpool {
    private struct File {
        var entity: FOManifestEntity
        var path: String
        var sink: FileByteSink
        var csv: CSVWriter
    }

    private let header: FOPackageHeader
    /// The package's manifest: each batch's is this one with the lines of the entities the batch holds.
    private let manifest: FOManifest
    private let folder: String
    private let stem: String
    private let recordLimit: Int?
    /// The most bytes of entity files a batch holds: the size limit less the manifest, over the deflate ratio.
    private let dataBudget: Int64?
    private let form: PackageForm

    private(set) var batches: [PackageBatch] = []
    private var files: [File] = []
    private var sections: [PackageBatch.Section] = []
    private var recordsInBatch = 0
    private var bytesInBatch: Int64 = 0
    /// The entity being read: its manifest line, its file's columns, encoding and delimiter.
    private var entity: FOManifestEntity?
    private var columns: [String] = []
    private var encoding = TextEncoding.utf8
    private var dialect = CSVDialect.standard
    private var unitWidth = 1

    init(
        header: FOPackageHeader, manifest: FOManifest, folder: String, stem: String, limits: PackageBatchLimits, dataBudget: Int64?,
        form: PackageForm
    ) {
        self.form = form
        self.header = header
        self.manifest = manifest
        self.folder = folder
        self.stem = stem
        self.recordLimit = limits.records
        self.dataBudget = dataBudget
    }

    /// Starts the records of `entity` (after the previous entity's last record).
    func begin(_ entity: FOManifestEntity) {
        self.entity = entity
        columns = []
        encoding = .utf8
        dialect = .standard
    }

    /// The layout of the entity's file, as its reader tells it.
    func layout(delimiter: UInt8, encoding: TextEncoding) {
        self.encoding = encoding
        self.dialect = CSVDialect(delimiter: delimiter)
        unitWidth = encoding == .utf16LE || encoding == .utf16BE ? 2 : 1
    }

    /// A column of the entity's file, in order.
    func addColumn(_ name: String) { columns.append(name) }

    /// One record of the entity, in file order.
    func add(_ record: some FORecordView) throws {
        guard record.count <= columns.count else {
            throw AirlockError(
                .malformedCSV, "a record has \(record.count) values where the header names \(columns.count) columns",
                at: SourceLocation(file: folder, entity: entity?.entityName))
        }
        if let recordLimit, recordsInBatch >= recordLimit { try finishBatch() }
        // A record's size as written: its values, a delimiter between them, the line end, quotes counted as they come.
        var size = dialect.lineEnding.count
        for index in 0..<columns.count {
            size += 1 + record.withValue(index) { $0?.count ?? 0 }
        }
        let bytes = Int64(size * unitWidth)
        if let dataBudget, recordsInBatch > 0, bytesInBatch + bytes > dataBudget { try finishBatch() }
        let file = try openFile()
        for index in 0..<columns.count {
            try record.withValue(index) { value in
                try file.csv.writeField(value ?? UnsafeRawBufferPointer(start: nil, count: 0))
            }
        }
        try file.csv.endRecord()
        recordsInBatch += 1
        bytesInBatch += bytes
        sections[sections.count - 1].records += 1
    }

    /// Ends the entity's records; an entity without records still has its file (header row) in the batch being filled.
    func end() throws {
        if sections.last?.entity != entity?.entityName { _ = try openFile() }
        entity = nil
    }

    /// Writes the last batch, if it holds anything; returns the series.
    func finish() throws -> [PackageBatch] {
        if !sections.isEmpty { try finishBatch() }
        return batches
    }

    /// Removes the spool files of an unfinished batch (after an error).
    func discard() {
        for file in files {
            try? file.sink.close()
            unlink(file.path)
        }
        files = []
    }

    // MARK: batch

    private func openFile() throws -> File {
        guard let entity else { throw AirlockError(.io, "an F&O record came before its entity", at: SourceLocation(file: folder)) }
        if let file = files.last, file.entity.entityName == entity.entityName { return file }
        let path = "\(folder)/.\(PackageBatch.fileName(stem: stem, number: batches.count + 1)).\(files.count).csv"
        let sink = try FileByteSink(path: path)
        let csv = CSVWriter(try TextEncodingWriter(sink: sink, encoding: encoding), dialect: dialect)
        try csv.writeRecord(columns)
        let file = File(entity: entity, path: path, sink: sink, csv: csv)
        files.append(file)
        sections.append(PackageBatch.Section(entity: entity.entityName, records: 0, continues: false))
        bytesInBatch += Int64(columns.reduce(dialect.lineEnding.count) { $0 + $1.utf8.count + 1 } * unitWidth)
        return file
    }

    /// Ends the batch: an entity being read continues in the next one; the zip is written.
    private func finishBatch() throws {
        if let last = files.last, last.entity.entityName == entity?.entityName {
            sections[sections.count - 1].continues = true
        }
        let files = self.files
        self.files = []
        defer { for file in files { unlink(file.path) } }
        for file in files {
            try file.csv.flush()
            try file.sink.close()
        }
        var batch = PackageBatch(
            fileName: PackageBatch.fileName(stem: stem, number: batches.count + 1), number: batches.count + 1, sections: sections, bytes: 0)
        let path = try batch.prepare(in: folder, form: form)
        let entities = files.map(\.entity)
        try FOPackageWriter.write(header: header, manifest: manifest(entities), entities: entities, to: path, form: form) { index, sink in
            try FileCopy.copy(files[index].path, to: sink)
        }
        if form == .zip { batch.bytes = try FileStatus.of(path).size }
        batches.append(batch)
        sections = []
        recordsInBatch = 0
        bytesInBatch = 0
    }

    /// The package's manifest with the lines of `entities` alone.
    private func manifest(_ entities: [FOManifestEntity]) -> FOManifest {
        var cut = manifest
        cut.entities = entities
        return cut
    }
}
