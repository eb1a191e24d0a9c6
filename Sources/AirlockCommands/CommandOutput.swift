import Foundation

/// Where a command's output goes: the process's standard streams, or memory (`CapturedOutput`), so that a command
/// runs in process as well as in the executable.
public struct CommandOutput: Sendable {
    /// Receives the bytes for standard output, in order.
    public var standardOutput: @Sendable ([UInt8]) -> Void
    /// Receives the bytes for standard error, in order (also from other threads: convert's progress).
    public var standardError: @Sendable ([UInt8]) -> Void
    /// Standard error is a terminal: convert shows its progress there.
    public var standardErrorIsTerminal: Bool
    /// The width help and usage texts wrap to; nil: the terminal's (`COLUMNS`, then the window), or 80.
    public var columns: Int?

    public init(
        standardOutput: @escaping @Sendable ([UInt8]) -> Void, standardError: @escaping @Sendable ([UInt8]) -> Void,
        standardErrorIsTerminal: Bool = false, columns: Int? = nil
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.columns = columns
    }

    /// The process's standard output and standard error, written unbuffered.
    public static var standard: CommandOutput {
        CommandOutput(
            standardOutput: { FileHandle.standardOutput.write(Data($0)) },
            standardError: { FileHandle.standardError.write(Data($0)) },
            standardErrorIsTerminal: isatty(2) == 1)
    }

    /// Writes `bytes` to standard output (nothing when empty).
    func write(_ bytes: [UInt8]) {
        if !bytes.isEmpty { standardOutput(bytes) }
    }

    /// Writes `text` to standard output as UTF-8 (nothing when empty).
    func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes `text` to standard error as UTF-8 (nothing when empty).
    func writeError(_ text: String) {
        if !text.isEmpty { standardError(Array(text.utf8)) }
    }
}
