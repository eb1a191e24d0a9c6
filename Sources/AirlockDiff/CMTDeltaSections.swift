import AirlockIO
import AirlockModel
import AirlockPackages

/// The delta's entity sections, spooled to a file as the new export's pieces come (without the document's start
/// and end): a piece's rows carried, and at its section's end the new many-to-many associations.
final class CMTDeltaSections {
    let path: String
    let dataWriter: CMTDataWriter
    private let location: SourceLocation
    private let file: FileByteSink
    private let writer: BufferedByteWriter
    private var openSection = false
    /// Entities with a section written.
    private(set) var entities = Set<String>()
    /// Records written, per entity.
    private(set) var records: [String: Int] = [:]

    init(path: String, schema: CMTSchema, location: SourceLocation) throws {
        self.path = path
        self.location = location
        dataWriter = CMTDataWriter(schema: schema)
        file = try FileByteSink(path: path)
        writer = BufferedByteWriter(sink: file)
    }

    /// Writes the rows `rows` of a piece of a section; at its section's last piece, ends the section with
    /// `associations` (a section with neither records nor associations is not written).
    func add(_ chunk: CMTEntityData, rows: [Int], isLast: Bool, associations: [CMTManyToManyAssociation]) throws {
        if !rows.isEmpty {
            if !openSection { try dataWriter.writeEntityStart(chunk, hasRecords: true, to: writer, location: location) }
            openSection = true
            try dataWriter.writeRecords(chunk, rows: rows, to: writer, location: location)
            records[chunk.name, default: 0] += rows.count
        }
        guard isLast else { return }
        if openSection || !associations.isEmpty {
            if !openSection { try dataWriter.writeEntityStart(chunk, hasRecords: false, to: writer, location: location) }
            try dataWriter.writeEntityEnd(chunk.name, hasRecords: openSection, associations: associations, to: writer, location: location)
            entities.insert(chunk.name)
        }
        openSection = false
    }

    /// Flushes and closes the file.
    func close() throws {
        try writer.flush()
        try file.close()
    }
}
