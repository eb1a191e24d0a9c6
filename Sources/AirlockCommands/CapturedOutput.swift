import Foundation

/// A command's output kept in memory, to run commands in process (tests, tools): pass `output` to `AirlockCLI.run`.
public final class CapturedOutput: @unchecked Sendable {
    // Guards both buffers: a command may write from other threads (convert its progress).
    private let lock = NSLock()
    private var outputBytes: [UInt8] = []
    private var errorBytes: [UInt8] = []

    public init() {}

    /// An output that appends to this capture; standard error is no terminal and texts wrap at 80 columns, as on a pipe.
    public var output: CommandOutput {
        CommandOutput(
            standardOutput: { bytes in self.lock.withLock { self.outputBytes += bytes } },
            standardError: { bytes in self.lock.withLock { self.errorBytes += bytes } },
            standardErrorIsTerminal: false, columns: 80)
    }

    /// The bytes written to standard output so far.
    public var standardOutput: [UInt8] { lock.withLock { outputBytes } }

    /// The bytes written to standard error so far.
    public var standardError: [UInt8] { lock.withLock { errorBytes } }
}
