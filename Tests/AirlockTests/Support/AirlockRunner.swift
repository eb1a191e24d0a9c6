import AirlockCommands
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an `airlock` command line, in process through `AirlockCLI.run` with its output captured (the default:
/// fast, no build of the executable needed), or as the built executable (the real process: its exit code,
/// streams and resources), and returns the same `Result` either way.
///
/// In process, a command shares the test process: it must not change the current directory or other global
/// state, and writes only where its arguments say.
enum AirlockRunner {
    enum Mode: Sendable {
        case inProcess, binary
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The wall time of the run.
        var seconds: Double = 0
        /// The executable was killed at its time limit.
        var timedOut = false
    }

    /// The executable's path, found beside the test bundle (SwiftPM builds both into one folder), or nil when it has
    /// not been built (e.g. `swift test` without a prior `swift build`).
    static var binaryPath: String? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let binary = candidate.appendingPathComponent("airlock").path
            if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        }
        return nil
    }

    /// Runs `airlock` with `arguments` (without the program's name).
    static func run(_ arguments: [String], mode: Mode = .inProcess) throws -> Result {
        switch mode {
        case .inProcess: runInProcess(arguments)
        case .binary: try runBinary(arguments)
        }
    }

    /// Runs the command in this process, its output kept in memory.
    static func runInProcess(_ arguments: [String]) -> Result {
        let capture = CapturedOutput()
        let started = Date()
        let status = AirlockCLI.run(arguments: arguments, output: capture.output)
        return Result(
            status: status, stdout: String(decoding: capture.standardOutput, as: UTF8.self),
            stderr: String(decoding: capture.standardError, as: UTF8.self), seconds: Date().timeIntervalSince(started))
    }

    /// Runs the built executable with no standard input, reading its standard output and error at the same time.
    /// - Parameters:
    ///   - workingDirectory: where it runs (default: this process's).
    ///   - environment: variables set on top of this process's (e.g. `TMPDIR`).
    ///   - timeLimit: seconds after which it is killed (SIGKILL) and the result says `timedOut`; nil: no limit.
    ///   - interrupt: a signal sent once `when` says so (checked every 2 ms while it runs), as a user's Ctrl-C.
    static func runBinary(
        _ arguments: [String], workingDirectory: String? = nil, environment: [String: String] = [:], timeLimit: Double? = nil,
        interrupt: (signal: Int32, when: () -> Bool)? = nil
    ) throws -> Result {
        guard let binaryPath else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe()
        let err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let started = Date()
        try process.run()
        let stdout = PipeReader(out.fileHandleForReading)
        let stderr = PipeReader(err.fileHandleForReading)
        var timedOut = false
        var interrupted = false
        if timeLimit != nil || interrupt != nil {
            while process.isRunning {
                if let interrupt, !interrupted, interrupt.when() {
                    kill(process.processIdentifier, interrupt.signal)
                    interrupted = true
                }
                if let timeLimit, Date().timeIntervalSince(started) > timeLimit {
                    kill(process.processIdentifier, SIGKILL)
                    timedOut = true
                    break
                }
                usleep(2_000)
            }
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout.wait(), as: UTF8.self),
            stderr: String(decoding: stderr.wait(), as: UTF8.self), seconds: seconds, timedOut: timedOut)
    }
}
