/// The behaviours P2C adds beyond field-by-field maps, named so that a template can switch them on and tune them.
public enum SpecialRuleKind: String, Sendable, Hashable, CaseIterable {
    /// Whole-line discount (Sales) ↔ per-unit discount (F&O), the rounding going into a line charge (p2c §5.5).
    case discountPerUnit = "discount-per-unit"
    /// Header-level tax from F&O sent to Sales as a write-in "Freight Tax" line (p2c §5.2).
    case freightTaxLine = "freight-tax-line"
    /// An invoiced order's status becomes Invoiced in Sales (p2c §6).
    case invoicedOrderStatus = "invoiced-order-status"
    /// Each product gets an item on the first price list whose currency matches (p2c §3).
    case priceListItem = "price-list-item"
    /// A Sales record a Sales → F&O flow creates in F&O gets back in Sales what the reverse map writes on it: its
    /// company (dual-write matches on company and key) and the reverse map's constants (dual-write set).
    case writeBack = "write-back"

    /// The parameters the rule takes.
    public var parameters: [RuleParameter] {
        switch self {
        case .discountPerUnit:
            [
                RuleParameter("direction", .choice(["whole-line-to-per-unit", "per-unit-to-whole-line"])),
                RuleParameter("wholeLineDiscount", .salesField), RuleParameter("perUnitDiscount", .foField),
                RuleParameter("quantity", .sourceField), RuleParameter("roundingCharge", .foField, required: false),
                RuleParameter("decimals", .integer, required: false), RuleParameter("compute", .boolean, required: false),
            ]
        case .freightTaxLine:
            [
                RuleParameter("headerTax", .parentSourceField), RuleParameter("productDescription", .text),
                RuleParameter("taxField", .targetField), RuleParameter("sequence", .choice(["after-last-line"]), required: false),
                RuleParameter("skipWhenZero", .boolean, required: false),
            ]
        case .invoicedOrderStatus:
            [
                RuleParameter("order", .targetField), RuleParameter("statecode", .integer), RuleParameter("statuscode", .integer),
                RuleParameter("copyOwner", .boolean, required: false),
            ]
        case .writeBack:
            []
        case .priceListItem:
            [
                RuleParameter("priceList", .text, required: false),
                RuleParameter("selection", .choice(["first-by-name-with-currency"]), required: false),
                RuleParameter("amount", .sourceField), RuleParameter("currency", .sourceField),
                RuleParameter("unit", .targetField, required: false),
            ]
        }
    }
}
