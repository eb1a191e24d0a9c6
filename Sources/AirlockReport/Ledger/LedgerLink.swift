/// A file one run read that an earlier run of the ledger wrote, byte for byte (the same SHA-256): a verify of the
/// packages a convert wrote, a convert of the delta a diff wrote, a retry built from a verify's lists.
public struct LedgerLink: Sendable, Hashable {
    /// The line of the run that read the file, and the file's role there.
    public var line: Int
    public var inputRole: String
    /// The latest earlier line whose run wrote it, that run's verb, and the file's role there.
    public var sourceLine: Int
    public var sourceCommand: String
    public var outputRole: String

    public init(line: Int, inputRole: String, sourceLine: Int, sourceCommand: String, outputRole: String) {
        self.line = line
        self.inputRole = inputRole
        self.sourceLine = sourceLine
        self.sourceCommand = sourceCommand
        self.outputRole = outputRole
    }
}
