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

    /// A new empty scratch folder, unique per call, inside this test process's own folder (`scratchRoot`), which is
    /// removed when the process ends: the tests leave nothing in the temporary directory.
    static func scratchDirectory(_ label: String = "airlock-test") throws -> String {
        let url = URL(fileURLWithPath: scratchRoot).appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// The folder of this test process's scratch folders: `airlock-tests-<pid>` in the temporary directory, made on first
    /// use and removed at exit. The folders of earlier test processes that are no longer running (killed before their
    /// exit) are removed when it is made.
    static let scratchRoot: String = {
        let manager = FileManager.default
        let temporary = manager.temporaryDirectory
        let prefix = "airlock-tests-"
        for name in (try? manager.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? manager.removeItem(at: temporary.appendingPathComponent(name))
        }
        let root = temporary.appendingPathComponent(prefix + "\(getpid())", isDirectory: true).path
        try? manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Fixture.scratchRoot) }
        return root
    }()
}
