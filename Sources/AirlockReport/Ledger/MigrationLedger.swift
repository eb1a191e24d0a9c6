import AirlockIO
import AirlockModel
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
    public static func sha256(_ bytes: some Sequence<UInt8>) -> String { LineChain.sha256(bytes) }

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
        let file = try ChainedLineFile(path: path, what: "the migration ledger")
        defer { file.close() }
        var written = entry
        try file.append(count: 1) { _, previous in
            written.previous = previous
            do {
                return Array(try ReportJSON.encoded(written, pretty: false))
            } catch {
                throw AirlockError(.io, "cannot encode the ledger entry", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
            }
        }
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
}
