import AirlockModel
internal import CArchive

/// Reads a zip archive from disk without loading it: lists the entries, then streams any one of them.
///
/// The archive is read through its central directory (libarchive's seekable zip reader), so opening an
/// entry skips straight to it. Entry names are checked: path traversal, absolute paths, backslashes,
/// drive letters, links, devices, encrypted and duplicate entries are refused with `.unsafeEntry`.
///
/// Immutable once opened, and each `open` uses its own libarchive handle, so entries can be streamed from
/// several threads at once.
public final class ZipArchiveReader: @unchecked Sendable {
    /// The archive path as given (for an archive in memory, the name used in messages).
    public let path: String
    /// The archive bytes when it was opened from memory (a workbook inside a package, for instance).
    private let memory: ZipMemoryImage?
    /// Every entry, folders included, in archive order.
    public let entries: [ZipEntry]
    private let limits: ZipLimits

    /// Opens `path` and reads its directory.
    /// - Throws: `AirlockError` (`.io`, `.corruptArchive`, `.unsafeEntry`, `.limitExceeded`).
    public convenience init(path: String, limits: ZipLimits = .default) throws {
        try self.init(path: path, memory: nil, limits: limits)
    }

    /// Opens an archive held in memory; `name` and `location` are used in messages.
    /// - Throws: `AirlockError` (`.corruptArchive`, `.unsafeEntry`, `.limitExceeded`).
    public convenience init(bytes: [UInt8], name: String, limits: ZipLimits = .default) throws {
        try self.init(path: name, memory: ZipMemoryImage(bytes), limits: limits)
    }

    private init(path: String, memory: ZipMemoryImage?, limits: ZipLimits) throws {
        self.path = path
        self.memory = memory
        self.limits = limits
        let location = SourceLocation(file: path)
        let archive = try Self.openArchive(path, memory: memory)
        defer { archive_read_free(archive) }
        var listed: [ZipEntry] = []
        var seen = Set<String>()
        var totalSize: Int64 = 0
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { break }
            if status < ARCHIVE_WARN || header == nil {
                let after = listed.last.map { " after entry \($0.name)" } ?? ""
                throw AirlockError(
                    .corruptArchive, "the zip archive is corrupt or truncated\(after)", at: location,
                    cause: LibArchive.errorText(archive))
            }
            guard let header else { break }
            let entry = try Self.describe(header, location: location)
            if let problem = ZipEntryName.problem(with: entry.name) {
                throw AirlockError(.unsafeEntry, problem, at: SourceLocation(file: path, entry: entry.name))
            }
            if !seen.insert(entry.name).inserted {
                throw AirlockError(
                    .unsafeEntry, "the archive holds two entries with this name", at: SourceLocation(file: path, entry: entry.name))
            }
            if let size = entry.size, size > limits.maxEntrySize {
                throw AirlockError(
                    .limitExceeded, "the entry is \(size) bytes uncompressed, over the \(limits.maxEntrySize)-byte limit",
                    at: SourceLocation(file: path, entry: entry.name))
            }
            totalSize += entry.size ?? 0
            if totalSize > limits.maxTotalSize {
                throw AirlockError(
                    .limitExceeded, "the entries hold more than \(limits.maxTotalSize) bytes uncompressed (the limit for one archive)",
                    at: SourceLocation(file: path, entry: entry.name))
            }
            listed.append(entry)
            if listed.count > limits.maxEntries {
                throw AirlockError(.limitExceeded, "the archive has more than \(limits.maxEntries) entries", at: location)
            }
            if archive_read_data_skip(archive) < ARCHIVE_WARN {
                throw AirlockError(
                    .corruptArchive, "the zip archive is corrupt or truncated", at: SourceLocation(file: path, entry: entry.name),
                    cause: LibArchive.errorText(archive))
            }
        }
        // libarchive rewrites `\` to `/` in some names: look at the names as stored.
        let backslashName =
            if let memory { ZipRawNames.firstNameWithBackslash(memory: memory) } else { ZipRawNames.firstNameWithBackslash(path: path) }
        if let name = backslashName {
            throw AirlockError(
                .unsafeEntry, "the entry name uses a backslash; zip names separate folders with '/' only",
                at: SourceLocation(file: path, entry: name))
        }
        let archiveSize = memory.map { Int64($0.count) } ?? ((try? FileStatus.of(path))?.size ?? 0)
        if archiveSize > 0, totalSize / archiveSize > limits.maxCompressionRatio {
            throw AirlockError(
                .limitExceeded,
                "the archive inflates \(totalSize / archiveSize) times (\(archiveSize) bytes to \(totalSize)), over the limit of \(limits.maxCompressionRatio) to 1; it looks like a zip bomb",
                at: location)
        }
        self.entries = listed
    }

    /// Whether the archive has an entry called `name` (exact match).
    public func contains(_ name: String) -> Bool {
        entries.contains { $0.name == name }
    }

    /// Where entry `name`'s stored bytes lie in the archive (`MemberBytes`), from the central directory as stored: nil
    /// for an archive held in memory, a name the directory does not hold exactly once, an encrypted entry, or one
    /// compressed otherwise than by deflate.
    public func memberBytes(_ name: String) -> MemberBytes? {
        guard memory == nil, let listed = entries.first(where: { $0.name == name }), !listed.isDirectory else { return nil }
        return ZipCentralDirectory.withFile(path) { read, size in
            guard let found = ZipCentralDirectory.entries(read: read, size: size), found.complete else { return nil }
            let stored = found.entries.filter { $0.name.elementsEqual(name.utf8) }
            guard stored.count == 1, let entry = stored.first, entry.flags & 1 == 0, entry.method == 0 || entry.method == 8,
                listed.size.map({ $0 == entry.size }) ?? true, entry.method == 8 || entry.compressedSize == entry.size,
                let offset = ZipCentralDirectory.dataOffset(of: entry, read: read, size: size)
            else { return nil }
            return MemberBytes(
                file: path, form: entry.method == 8 ? .deflated : .plain, offset: offset, storedBytes: entry.compressedSize,
                bytes: entry.size, crc32: entry.crc32)
        }
    }

    /// Entries at least this large (or of unknown size) are inflated ahead on a thread of their own.
    static let readAheadThreshold: Int64 = 4 << 20

    /// Opens entry `name` for streaming; `readAhead: false` inflates only what is read, however large the entry (to
    /// read its beginning).
    /// - Throws: `AirlockError(.missingMember)` when there is no such entry, or a read error.
    public func open(_ name: String, readAhead: Bool = true) throws -> ByteStream {
        let location = SourceLocation(file: path, entry: name)
        guard let entry = entries.first(where: { $0.name == name }), !entry.isDirectory else {
            throw AirlockError(.missingMember, "the archive has no file entry with this name", at: location)
        }
        let archive = try Self.openArchive(path, memory: memory)
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { break }
            guard status >= ARCHIVE_WARN, let header else {
                let cause = LibArchive.errorText(archive)
                archive_read_free(archive)
                throw AirlockError(.corruptArchive, "the zip archive is corrupt or truncated", at: location, cause: cause)
            }
            if Self.name(of: header) == name {
                let declared = entry.size.map { min($0, limits.maxEntrySize) } ?? limits.maxEntrySize
                let stream = ZipEntryStream(
                    archive: archive, location: location, maxSize: declared, sizeIsDeclared: entry.size != nil, keepAlive: memory)
                // A large entry is inflated on a second core while its reader parses it.
                return readAhead && (entry.size ?? .max) >= Self.readAheadThreshold ? ReadAheadByteStream(source: stream) : stream
            }
            archive_read_data_skip(archive)
        }
        archive_read_free(archive)
        throw AirlockError(.missingMember, "the archive has no entry with this name", at: location)
    }

    private static func openArchive(_ path: String, memory: ZipMemoryImage?) throws -> OpaquePointer {
        _ = LibArchive.localeConfigured
        guard let archive = archive_read_new() else {
            throw AirlockError(.io, "cannot allocate a zip reader", at: SourceLocation(file: path))
        }
        archive_read_support_format_zip_seekable(archive)
        let status =
            memory.map { archive_read_open_memory(archive, $0.base, $0.count) } ?? archive_read_open_filename(archive, path, 1 << 16)
        if status != ARCHIVE_OK {
            let cause = LibArchive.errorText(archive)
            archive_read_free(archive)
            let status = memory == nil ? try? FileStatus.of(path) : nil
            if memory == nil, status == nil {
                throw AirlockError(.io, "cannot open the file", at: SourceLocation(file: path), cause: cause)
            }
            throw AirlockError(
                .corruptArchive, Self.unreadableReason(path, size: status?.size), at: SourceLocation(file: path), cause: cause)
        }
        return archive
    }

    /// Why a file that exists does not open as a zip, in words a user can act on: empty, cut short (it starts as a
    /// zip, but its end, which lists the members, is missing), or not a zip at all.
    private static func unreadableReason(_ path: String, size: Int64?) -> String {
        if size == 0 { return "the file is empty (0 bytes): it was not copied whole, or not written; copy it again" }
        var start = [UInt8](repeating: 0, count: 4)
        if let file = fopen(path, "rb") {
            _ = fread(&start, 1, 4, file)
            fclose(file)
        }
        if start == [0x50, 0x4B, 0x03, 0x04] {
            let bytes = size.map { " (\($0) bytes)" } ?? ""
            return
                "the zip is cut short or damaged\(bytes): it starts as a zip, but its end, which lists the members, is missing or unreadable; copy it again"
        }
        return "the file is not a readable zip archive"
    }

    private static func name(of header: OpaquePointer) -> String? {
        if let utf8 = archive_entry_pathname_utf8(header) { return String(cString: utf8) }
        if let raw = archive_entry_pathname(header) { return String(cString: raw) }
        return nil
    }

    private static func describe(_ header: OpaquePointer, location: SourceLocation) throws -> ZipEntry {
        guard var name = name(of: header) else {
            throw AirlockError(.unsafeEntry, "an entry name cannot be decoded as UTF-8", at: location)
        }
        var entryLocation = location
        entryLocation.entry = name
        let type = UInt32(archive_entry_filetype(header)) & CARCHIVE_AE_IFMT
        let isDirectory = type == CARCHIVE_AE_IFDIR || name.hasSuffix("/")
        if !isDirectory && type != CARCHIVE_AE_IFREG && type != 0 {
            let what = type == CARCHIVE_AE_IFLNK ? "a symbolic link" : "not a regular file"
            throw AirlockError(.unsafeEntry, "the entry is \(what); only files and folders are accepted", at: entryLocation)
        }
        if archive_entry_is_encrypted(header) != 0 {
            throw AirlockError(.unsafeEntry, "the entry is encrypted; export the package without a password", at: entryLocation)
        }
        if isDirectory, name.hasSuffix("/") { name.removeLast() }
        let size: Int64? = archive_entry_size_is_set(header) != 0 ? Int64(archive_entry_size(header)) : nil
        return ZipEntry(name: name, size: size, isDirectory: isDirectory)
    }
}
