/// Which way a flow carries records.
public enum FlowDirection: String, Sendable, Hashable, CaseIterable {
    /// Dynamics 365 Sales → Finance and Operations.
    case salesToFO = "sales-to-fo"
    /// Finance and Operations → Dynamics 365 Sales.
    case foToSales = "fo-to-sales"

    /// `Sales → F&O` or `F&O → Sales`.
    public var arrow: String { self == .salesToFO ? "Sales → F&O" : "F&O → Sales" }
}
