import Foundation

/// Runs the built `airlock` executable, found beside the test bundle (SwiftPM builds both into one folder).
enum AirlockBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable's path, or nil when it has not been built (e.g. `swift test` without a prior `swift build`).
    static var path: String? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let binary = candidate.appendingPathComponent("airlock").path
            if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        }
        return nil
    }

    static func run(_ arguments: [String]) throws -> Result {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
