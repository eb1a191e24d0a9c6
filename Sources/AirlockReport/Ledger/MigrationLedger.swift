import AirlockIO
import AirlockModel
import Crypto
import Foundation

/// The migration ledger: `airlock-ledger.jsonl` in a migration's folder (the parent of the runs' output folders),
/// one `LedgerEntry` per run of `convert`, `verify`, `diff` or `retry` as a line of JSON, each line holding the
/// SHA-256 of the line before (`previous`), so that a line changed or removed afterwards shows (docs/ledger.md).
///
/// The ledger is an audit log beside the outputs, never one of them: the runs' own files do not change with it.
public enum MigrationLedger {
    /// The version of the entry format that `LedgerEntry.version` holds.
    public static let formatVersion = 1

    /// The migration folder of an output folder: its parent (absolute), where the ledger goes by default.
    public static func folder(containing outputFolder: String) -> String {
        URL(fileURLWithPath: outputFolder).standardizedFileURL.deletingLastPathComponent().path
    }

    /// The SHA-256 of `bytes` as lower-case hex, as `previous` holds it.
    public static func sha256(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The time `date` as the ledger writes it: UTC, ISO 8601 with milliseconds.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The seconds from `start` to `end`, two of the ledger's time stamps; nil when either does not read.
    public static func seconds(from start: String, to end: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let from = formatter.date(from: start), let to = formatter.date(from: end) else { return nil }
        return to.timeIntervalSince(from)
    }

    /// Appends `entry` as one line to the ledger at `path` (created when absent, never its folder), its `previous`
    /// set to the SHA-256 of the ledger's last line.
    ///
    /// The file is opened with `O_APPEND` and locked (`flock`) while its last line is read and the new one written
    /// with one `write` and `fsync`ed, so runs appending at the same time chain one after the other. A last line
    /// without its line end (a write cut short) is ended first and chained to as it stands, so that it shows as a
    /// line that is not an entry.
    /// - Returns: the entry as written, with `previous`.
    /// - Throws: `AirlockError(.io)` naming `path`.
    @discardableResult
    public static func append(_ entry: LedgerEntry, to path: String) throws -> LedgerEntry {
        func failure(_ what: String) -> AirlockError {
            AirlockError(
                .io, "cannot \(what) the migration ledger", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
        }
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open") }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw failure("lock") }
        defer { flock(descriptor, LOCK_UN) }
        let size = lseek(descriptor, 0, SEEK_END)
        guard size >= 0 else { throw failure("read") }
        var written = entry
        var line: [UInt8] = []
        if size > 0 {
            let last = try lastLine(of: descriptor, size: size, path: path)
            if !last.ended { line.append(0x0A) }
            written.previous = sha256(last.bytes)
        } else {
            written.previous = nil
        }
        do {
            line += try ReportJSON.encoded(written, pretty: false)
        } catch {
            throw AirlockError(.io, "cannot encode the ledger entry", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
        line.append(0x0A)
        var offset = 0
        while offset < line.count {
            let count = line.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("write to")
            }
            offset += count
        }
        guard fsync(descriptor) == 0 else { throw failure("sync") }
        if size == 0 { syncFolder(of: path) }
        return written
    }

    /// Reads the ledger at `path` and checks its chain.
    /// - Throws: `AirlockError(.io)` when the file cannot be read.
    public static func read(_ path: String) throws -> LedgerReading {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw AirlockError(.io, "cannot read the migration ledger", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
        return LedgerReading(path: path, data: data)
    }

    /// Whether `data`, read from `file`, looks like a ledger: a `.jsonl` file, or one whose first line is an entry.
    public static func isLedger(_ data: Data, file: String) -> Bool {
        if file.lowercased().hasSuffix(".jsonl") { return true }
        let first = data.prefix { $0 != 0x0A }
        guard let object = try? JSONSerialization.jsonObject(with: Data(first)) as? [String: Any] else { return false }
        return object["toolVersion"] != nil && object["command"] != nil && object["exitCode"] != nil
    }

    /// The last line of the open ledger (`size` bytes), without its line end, and whether it had one.
    private static func lastLine(of descriptor: Int32, size: off_t, path: String) throws -> (bytes: [UInt8], ended: Bool) {
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, size - 1) == 1 else {
            throw AirlockError(
                .io, "cannot read the migration ledger", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
        }
        let ended = last == 0x0A
        var position = ended ? size - 1 : size
        var pieces: [[UInt8]] = []
        while position > 0 {
            let length = min(off_t(1 << 16), position)
            var chunk = [UInt8](repeating: 0, count: Int(length))
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Int(length), position - length) }
            guard count == Int(length) else {
                throw AirlockError(
                    .io, "cannot read the migration ledger", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
            }
            if let newline = chunk.lastIndex(of: 0x0A) {
                pieces.append(Array(chunk[(newline + 1)...]))
                break
            }
            pieces.append(chunk)
            position -= length
        }
        return (pieces.reversed().flatMap { $0 }, ended)
    }

    /// Makes a new ledger's name durable in its folder (best effort).
    private static func syncFolder(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
