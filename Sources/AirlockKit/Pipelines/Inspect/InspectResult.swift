/// What inspecting packages gave: a report per package read, the text to show, and what stopped the run.
public struct InspectResult: Sendable {
    /// The reports of the packages read, in order.
    public var reports: [InspectReport]
    /// The text to show on standard output for `reports`, line ends included.
    public var text: String
    /// The error of the first package that could not be read, if any: the packages before it are in `reports`
    /// and `text`, the ones after it were not inspected.
    public var failure: (any Error)?

    public init(reports: [InspectReport], text: String, failure: (any Error)? = nil) {
        self.reports = reports
        self.text = text
        self.failure = failure
    }
}
