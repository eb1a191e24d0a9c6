import AirlockIO
import AirlockPackages

/// Learns an F&O entity file's columns, layout and encoding without reading its records: it stops the scan at the
/// first record, except in an XML file, whose records can reveal columns to the end (read whole).
struct FOColumnProbe: FORecordConsumer {
    /// Thrown to end the scan early.
    struct Stop: Error {}

    let readsWholeFile: Bool
    private(set) var columns: [String] = []
    private(set) var format: FODataFormat?
    private(set) var encoding: TextEncoding?

    init(readsWholeFile: Bool) {
        self.readsWholeFile = readsWholeFile
    }

    mutating func beginFile(format: FODataFormat, encoding: TextEncoding) throws {
        self.format = format
        self.encoding = encoding
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        columns.append(name)
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        if !readsWholeFile { throw Stop() }
    }

    /// The columns (and, for a delimited file, layout and encoding) of `entity`'s file in `reader`.
    /// - Throws: the reader's errors (a missing or unreadable file).
    static func probe(_ reader: FOPackageReader, _ entity: FOManifestEntity) throws -> FOColumnProbe {
        let member = reader.dataMember(for: entity)?.name ?? ""
        let declared = FODataFormat.declared(sourceFormat: entity.sourceFormat, fileName: member)
        var probe = FOColumnProbe(readsWholeFile: declared == .xmlElement || declared == .xmlAttribute)
        do {
            // A delimited file's columns are its first row: nothing past it is inflated.
            _ = try reader.scan(entity, into: &probe, headOnly: !probe.readsWholeFile)
        } catch is Stop {}
        return probe
    }
}
