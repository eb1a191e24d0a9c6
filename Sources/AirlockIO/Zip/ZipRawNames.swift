/// Entry names as the zip's central directory stores them, before libarchive rewrites them.
///
/// libarchive turns `\` into `/` in the names of entries made on Windows, so a name like `sub\file.csv` would
/// reach `ZipEntryName` as `sub/file.csv`. Zip names use `/` only (APPNOTE 4.4.17), so Airlock reads the stored
/// names itself to refuse backslashes. The scan is best effort (`ZipCentralDirectory`): a directory it cannot follow
/// is left to libarchive, which reports the corruption.
enum ZipRawNames {
    /// The first stored name that contains a backslash, or nil.
    static func firstNameWithBackslash(read: ZipCentralDirectory.Read, size: Int64) -> String? {
        guard let found = ZipCentralDirectory.entries(read: read, size: size) else { return nil }
        return found.entries.first { $0.name.contains(0x5C) }.map { String(decoding: $0.name, as: UTF8.self) }
    }

    /// Reads from the file at `path`.
    static func firstNameWithBackslash(path: String) -> String? {
        ZipCentralDirectory.withFile(path) { read, size in firstNameWithBackslash(read: read, size: size) }
    }

    /// Reads from an archive held in memory.
    static func firstNameWithBackslash(memory: ZipMemoryImage) -> String? {
        firstNameWithBackslash(read: ZipCentralDirectory.reading(memory), size: Int64(memory.count))
    }
}
