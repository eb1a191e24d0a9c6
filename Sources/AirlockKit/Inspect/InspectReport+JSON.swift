import AirlockIO
import Foundation

extension InspectReport {
    /// The report as JSON with sorted keys (stable output for scripts and diffs).
    /// - Parameter pretty: indent over several lines; otherwise one line.
    public func jsonText(pretty: Bool = true) throws -> String {
        try ReportJSON.text(self, pretty: pretty)
    }
}
