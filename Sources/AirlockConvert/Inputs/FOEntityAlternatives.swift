/// F&O entities that hold the same records under another version of the entity: a target export may have
/// been taken with either. The converter matches against the first one the export holds that has the key's
/// columns.
enum FOEntityAlternatives {
    static let byLabel: [String: [String]] = [
        "customers v2": ["Customers V3"],
        "cds contacts": ["CDS Contacts V2"],
        "cds sales order headers": ["Sales order headers V2", "Sales order headers V3", "Sales order headers V4"],
        "cds sales order lines": ["Sales order lines V2", "Sales order lines V3"],
        "cds sales quotation header": ["Sales quotation headers V2"],
        "cds sales quotation lines": ["Sales quotation lines V2"],
    ]

    /// `label` and its alternatives, in preference order.
    static func candidates(for label: String) -> [String] {
        [label] + (byLabel[label.lowercased()] ?? [])
    }
}
