import AirlockModel
internal import CArchive
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a zip archive: deflated entries, UTF-8 names, a fixed timestamp, written under a temporary
/// name beside the target and renamed into place only by `finish()`; or written into a sink as it is made (a
/// workbook inside a package's entry).
///
/// If the writer is dropped before `finish()` (an error, an interruption), the temporary file is removed
/// and the target path is untouched.
public final class ZipArchiveWriter {
    /// Where the finished archive goes (for an archive written into a sink, the name used in messages).
    public let path: String
    /// The file written until `finish()` renames it; nil when the archive goes into a sink.
    private let temporaryPath: String?
    /// Its registration with `Interrupts`, which removes the unfinished file on an interrupt.
    private var interruptToken: Int?
    /// The sink the archive goes into; nil when it goes to a file.
    private let target: ZipSinkTarget?
    private var archive: OpaquePointer?
    private var finished = false
    private var names = Set<String>()
    private let modificationTime: Int

    /// The timestamp stamped on every entry: 2020-01-01 00:00:00 UTC, so equal inputs give equal bytes.
    public static let fixedModificationTime = 1_577_836_800

    /// Starts an archive that will be renamed to `path` on `finish()`.
    /// - Throws: `AirlockError(.io)` when the temporary file cannot be created.
    public init(path: String, modificationTime: Int = ZipArchiveWriter.fixedModificationTime) throws {
        _ = LibArchive.localeConfigured
        _ = Self.utcConfigured
        let temporaryPath = Self.temporaryPath(for: path)
        Self.removeLeftovers(of: path)
        self.path = path
        self.modificationTime = modificationTime
        self.temporaryPath = temporaryPath
        self.target = nil
        // An interrupt removes the unfinished file (the target is never touched before `finish()`).
        interruptToken = Interrupts.shared.register(output: nil) { unlink(temporaryPath) }
        let archive = try Self.newArchive(path)
        if archive_write_open_filename(archive, temporaryPath) != ARCHIVE_OK {
            let cause = LibArchive.errorText(archive)
            archive_write_free(archive)
            if let interruptToken { Interrupts.shared.unregister(interruptToken) }
            throw AirlockError(.io, "cannot create the output archive", at: SourceLocation(file: path), cause: cause)
        }
        self.archive = archive
    }

    /// Starts an archive written into `sink` as its entries are added, `finish()` writing its central directory: a
    /// zip inside another zip's entry, never held whole. `name` is used in messages. Nothing is removed on failure:
    /// the sink's owner discards what it received.
    ///
    /// Written without Zip64 extensions (an entry streamed without its size otherwise gets them), as Office documents
    /// are: some of their readers refuse them. An entry or archive of 4 GiB or more is then refused by libarchive.
    /// - Throws: `AirlockError(.io)` when the writer cannot start.
    public init(sink: ByteSink, name: String, modificationTime: Int = ZipArchiveWriter.fixedModificationTime) throws {
        _ = LibArchive.localeConfigured
        _ = Self.utcConfigured
        let target = ZipSinkTarget(sink: sink)
        self.path = name
        self.modificationTime = modificationTime
        self.temporaryPath = nil
        self.target = target
        let archive = try Self.newArchive(name)
        archive_write_set_options(archive, "zip:!zip64")
        let client = Unmanaged.passUnretained(target).toOpaque()
        if archive_write_open2(archive, client, nil, ZipSinkTarget.write, nil, nil) != ARCHIVE_OK {
            let cause = LibArchive.errorText(archive)
            archive_write_free(archive)
            throw AirlockError(.io, "cannot start the archive", at: SourceLocation(file: name), cause: cause)
        }
        self.archive = archive
    }

    /// A libarchive writer set up for deflated zip entries with UTF-8 names.
    private static func newArchive(_ path: String) throws -> OpaquePointer {
        guard let archive = archive_write_new() else {
            throw AirlockError(.io, "cannot allocate a zip writer", at: SourceLocation(file: path))
        }
        archive_write_set_format_zip(archive)
        archive_write_zip_set_compression_deflate(archive)
        archive_write_set_options(archive, "zip:hdrcharset=UTF-8")
        archive_write_set_bytes_in_last_block(archive, 1)
        return archive
    }

    deinit {
        if let archive {
            // Unfinished: nothing more is written (a sink's owner may be failing too).
            if !finished { archive_write_fail(archive) }
            archive_write_free(archive)
        }
        if !finished, let temporaryPath { unlink(temporaryPath) }
        if let interruptToken { Interrupts.shared.unregister(interruptToken) }
    }

    /// Adds a file entry holding `bytes`.
    /// - Throws: `AirlockError` when the name is unsafe or repeated, or writing fails.
    public func addEntry(name: String, bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            try writeEntry(name: name, size: Int64(raw.count)) { sink in try sink.write(raw) }
        }
    }

    /// Adds a file entry whose content `body` streams into the given sink; the size need not be known.
    /// - Parameter blocksInFlight: how many 1 MB blocks `body` may write ahead of the deflater: more lets a
    ///   producer that works in bursts (a section built, then serialised) keep the deflater busy meanwhile.
    /// - Throws: `AirlockError` when the name is unsafe or repeated, `body` throws, or writing fails.
    public func addEntry(name: String, blocksInFlight: Int = 3, _ body: (ByteSink) throws -> Void) throws {
        try writeEntry(name: name, size: nil, blocksInFlight: blocksInFlight, body)
    }

    /// Writes the central directory, closes the file and renames it to `path`.
    /// - Throws: `AirlockError(.io)` when closing or renaming fails; the temporary file is then removed.
    public func finish() throws {
        guard let archive else { return }
        let status = archive_write_close(archive)
        let cause = LibArchive.errorText(archive)
        archive_write_free(archive)
        self.archive = nil
        if let failure = target?.failure { throw failure }
        guard status == ARCHIVE_OK else {
            throw AirlockError(.io, "cannot finish the output archive", at: SourceLocation(file: path), cause: cause)
        }
        guard let temporaryPath else {
            finished = true
            return
        }
        try Self.moveIntoPlace(temporaryPath, path)
        finished = true
        if let interruptToken { Interrupts.shared.unregister(interruptToken) }
        interruptToken = nil
    }

    private func writeEntry(name: String, size: Int64?, blocksInFlight: Int = 3, _ body: (ByteSink) throws -> Void) throws {
        do {
            try writeEntryData(name: name, size: size, blocksInFlight: blocksInFlight, body)
        } catch {
            // libarchive only saw a failed write: the sink's own error says what failed.
            if let failure = target?.failure { throw failure }
            throw error
        }
    }

    private func writeEntryData(name: String, size: Int64?, blocksInFlight: Int, _ body: (ByteSink) throws -> Void) throws {
        let location = SourceLocation(file: path, entry: name)
        guard let archive else { throw AirlockError(.io, "the archive is already finished", at: location) }
        if let problem = ZipEntryName.problem(with: name) { throw AirlockError(.unsafeEntry, problem, at: location) }
        guard names.insert(name).inserted else {
            throw AirlockError(.unsafeEntry, "an entry with this name was already written", at: location)
        }
        guard let entry = archive_entry_new() else { throw AirlockError(.io, "cannot allocate an entry", at: location) }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname_utf8(entry, name)
        archive_entry_set_filetype(entry, CARCHIVE_AE_IFREG)
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_mtime(entry, time_t(modificationTime), 0)
        if let size { archive_entry_set_size(entry, la_int64_t(size)) } else { archive_entry_unset_size(entry) }
        guard archive_write_header(archive, entry) == ARCHIVE_OK else {
            throw AirlockError(.io, "cannot write the entry header", at: location, cause: LibArchive.errorText(archive))
        }
        // The body produces the bytes on this thread while another deflates them into the archive.
        let pipeline = PipelinedByteSink(target: ZipEntrySink(archive: archive, location: location), depth: blocksInFlight)
        let buffered = BufferedByteWriter(sink: pipeline, capacity: 1 << 20)
        try body(BufferedSinkAdapter(buffered))
        try buffered.flush()
        try pipeline.finish()
        guard archive_write_finish_entry(archive) == ARCHIVE_OK else {
            throw AirlockError(.io, "cannot finish the entry", at: location, cause: LibArchive.errorText(archive))
        }
    }

    /// Zip stores DOS local time: the process converts times in UTC (`TimeZoneTuning`, decided at start-up; here for a
    /// library caller that did not), so output does not depend on the machine.
    private static let utcConfigured: Bool = {
        TimeZoneTuning.pinToUTC()
        return true
    }()

    /// Renames the finished archive `temporaryPath` to `path`.
    /// - Throws: `AirlockError(.io)` when the rename fails.
    static func moveIntoPlace(_ temporaryPath: String, _ path: String) throws {
        guard rename(temporaryPath, path) == 0 else {
            throw AirlockError(
                .io, "cannot move the finished archive into place", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
        }
    }

    static func temporaryPath(for path: String) -> String {
        let (directory, file) = split(path)
        return "\(directory).\(file).partial-\(getpid())"
    }

    private static func split(_ path: String) -> (directory: String, file: String) {
        let slash = path.lastIndex(of: "/")
        return (slash.map { String(path[...$0]) } ?? "", slash.map { String(path[path.index(after: $0)...]) } ?? path)
    }

    /// Removes the unfinished files of `path` that writers killed before they could (`.NAME.partial-PID`, PID a process
    /// that is gone): a run's rerun leaves none behind. A live writer's file is left alone.
    static func removeLeftovers(of path: String) {
        let (directory, file) = split(path)
        let prefix = ".\(file).partial-"
        let folder = directory.isEmpty ? "." : directory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }
            unlink(directory + name)
        }
    }
}
