import AirlockIO

/// Writes small zip fixtures for tests.
enum ZipFixture {
    @discardableResult
    static func make(_ path: String, entries: [String: [UInt8]]) throws -> String {
        let writer = try ZipArchiveWriter(path: path)
        for name in entries.keys.sorted() {
            try writer.addEntry(name: name, bytes: entries[name] ?? [])
        }
        try writer.finish()
        return path
    }
}
