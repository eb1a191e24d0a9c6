import Foundation

/// How the reports are written as JSON: pretty-printed, keys sorted (equal reports give equal bytes), slashes
/// unescaped, a final newline. Also for the reports kept beside their engines (`retry.json`).
public enum ReportJSON {
    /// The JSON text of `value`, as the reports write it.
    public static func data(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
