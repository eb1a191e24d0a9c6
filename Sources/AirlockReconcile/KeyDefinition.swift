/// Which columns of a table form a record's natural key, and where its company comes from.
///
/// The company (F&O `dataAreaId`) is part of every F&O key: an F&O export's rows name it in a column,
/// while a Sales table mapped towards F&O gets the company chosen for the run (`--company`) as a fixed
/// value. Sales keys have no company.
public struct KeyDefinition: Sendable, Hashable {
    /// Where the company part of a key comes from.
    public enum Company: Sendable, Hashable {
        /// The key has no company part (Sales entities).
        case none
        /// Each row's company is in this column (an F&O export's `DATAAREAID`).
        case column(String)
        /// Every row belongs to this company (a table mapped to F&O for one `--company`).
        case fixed(String)
    }

    /// The key columns, in key order (e.g. `["SALESORDERNUMBER", "LINENUMBER"]` for order lines).
    public var columns: [String]
    public var company: Company

    public init(columns: [String], company: Company = .none) {
        self.columns = columns
        self.company = company
    }

    /// Whether keys under this definition carry a company part.
    public var hasCompany: Bool {
        if case .none = company { return false }
        return true
    }
}
