import Foundation

extension InspectReport {
    /// The report as JSON with sorted keys (stable output for scripts and diffs).
    /// - Parameter pretty: indent over several lines; otherwise one line.
    public func jsonText(pretty: Bool = true) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
