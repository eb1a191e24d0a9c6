/// What writing a sample pair gave.
public struct SampleResult: Sendable, Hashable {
    /// The paths written: the F&O export, the Sales export, then the answer key when asked for defects.
    public var paths: [String]
    /// The paths, one per line, to show on standard output.
    public var text: String

    public init(paths: [String], text: String) {
        self.paths = paths
        self.text = text
    }
}
