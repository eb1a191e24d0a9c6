import AirlockKit

/// A command's output kept in memory, to run commands in process (tests, tools): pass `output` to `AirlockCLI.run`.
public final class CapturedOutput: Sendable {
    /// Both buffers, in one box: a command may write from other threads (convert its progress).
    private let buffers = LockedValueBox<(output: [UInt8], error: [UInt8])>(([], []))

    public init() {}

    /// An output that appends to this capture; standard error is no terminal and texts wrap at 80 columns, as on a pipe.
    public var output: CommandOutput {
        CommandOutput(
            standardOutput: { bytes in self.buffers.withLockedValue { $0.output += bytes } },
            standardError: { bytes in self.buffers.withLockedValue { $0.error += bytes } },
            standardErrorIsTerminal: false, columns: 80)
    }

    /// The bytes written to standard output so far.
    public var standardOutput: [UInt8] { buffers.withLockedValue { $0.output } }

    /// The bytes written to standard error so far.
    public var standardError: [UInt8] { buffers.withLockedValue { $0.error } }
}
