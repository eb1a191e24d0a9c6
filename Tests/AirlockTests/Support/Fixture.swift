import Foundation

/// Paths to test fixtures and scratch folders.
enum Fixture {
    /// Absolute path of `Fixtures/<relative>`.
    static func path(_ relative: String) -> String {
        let base = Bundle.module.resourceURL ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return base.appendingPathComponent("Fixtures").appendingPathComponent(relative).path
    }

    /// The bytes of `Fixtures/<relative>`.
    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    /// A new empty scratch folder, unique per call.
    static func scratchDirectory(_ label: String = "airlock-test") throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
