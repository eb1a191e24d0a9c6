import Foundation

/// How every verb writes JSON: keys sorted (equal reports give equal bytes), slashes unescaped; pretty-printed with a
/// final newline for the report files (`report.json`, `match.json`, `mask.json`, `retry.json`), pretty or on one line
/// for `--json` on the terminal and the ledger's lines. One place, below the verbs, so that they all write alike.
public enum ReportJSON {
    /// The JSON text of `value` as a report file holds it: pretty-printed, a final newline.
    public static func data(_ value: some Encodable) throws -> Data {
        var data = try encoded(value, pretty: true)
        data.append(0x0A)
        return data
    }

    /// The JSON text of `value`, without a final newline: pretty-printed, or on one line.
    public static func text(_ value: some Encodable, pretty: Bool = true) throws -> String {
        String(decoding: try encoded(value, pretty: pretty), as: UTF8.self)
    }

    /// The JSON bytes of `value`, without a final newline.
    public static func encoded(_ value: some Encodable, pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
