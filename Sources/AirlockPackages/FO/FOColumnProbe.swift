import AirlockIO

/// Learns an F&O entity file's columns, layout and encoding without reading its records: it stops the scan at the
/// first record, except in an XML file, whose records can reveal columns to the end (read whole unless asked not
/// to).
public struct FOColumnProbe: FORecordConsumer {
    /// Thrown to end the scan early.
    struct Stop: Error {}

    public let readsWholeFile: Bool
    /// The file's columns, in file order (file names, before the field map).
    public private(set) var columns: [String] = []
    public private(set) var format: FODataFormat?
    public private(set) var encoding: TextEncoding?

    public init(readsWholeFile: Bool) {
        self.readsWholeFile = readsWholeFile
    }

    public mutating func beginFile(format: FODataFormat, encoding: TextEncoding) throws {
        self.format = format
        self.encoding = encoding
    }

    public mutating func addColumn(_ name: String, at index: Int) throws {
        columns.append(name)
    }

    public mutating func consume(_ record: some FORecordView, line: Int) throws {
        if !readsWholeFile { throw Stop() }
    }

    /// The columns (and, for a delimited file, layout and encoding) of `entity`'s file in `reader`.
    /// - Parameter wholeFile: whether an XML file is read to its end for columns its later records reveal; nil
    ///   (the default): exactly for XML files. False stops every file at its first record.
    /// - Throws: the reader's errors (a missing or unreadable file).
    public static func probe(_ reader: FOPackageReader, _ entity: FOManifestEntity, wholeFile: Bool? = nil) throws -> FOColumnProbe {
        let member = reader.dataMember(for: entity)?.name ?? ""
        let declared = FODataFormat.declared(sourceFormat: entity.sourceFormat, fileName: member)
        var probe = FOColumnProbe(readsWholeFile: wholeFile ?? (declared == .xmlElement || declared == .xmlAttribute))
        do {
            // A delimited file's columns are its first row: nothing past it is inflated.
            _ = try reader.scan(entity, into: &probe, headOnly: !probe.readsWholeFile)
        } catch is Stop {}
        return probe
    }
}
