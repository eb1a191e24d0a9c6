/// What to inspect and how to show it (`airlock inspect`).
public struct InspectOptions: Sendable, Hashable {
    /// The packages (zip or folder), in the order they are shown.
    public var packages: [String]
    /// Show JSON: pretty-printed for one package, one object per line for several.
    public var json: Bool
    /// List every entity's columns (text only).
    public var columns: Bool
    /// The code page of an F&O package's CSV files without a byte-order mark (`--fo-encoding`); nil: UTF-8.
    public var foEncoding: SingleByteCodePage?

    public init(packages: [String], json: Bool = false, columns: Bool = false, foEncoding: SingleByteCodePage? = nil) {
        self.foEncoding = foEncoding
        self.packages = packages
        self.json = json
        self.columns = columns
    }
}
