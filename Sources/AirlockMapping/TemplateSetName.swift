import AirlockModel

/// The template sets bundled with Airlock: which integration's maps `convert` runs.
///
/// `prospect-to-cash` (the default) transcribes Microsoft's Prospect to cash Data Integrator templates;
/// `dual-write` transcribes the dual-write table maps, to load both apps before dual-write is switched on with
/// "skip initial sync" (docs/dual-write.md).
public enum TemplateSetName: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case prospectToCash = "prospect-to-cash"
    case dualWrite = "dual-write"

    /// The set `convert` runs when none is named.
    public static let standard: TemplateSetName = .prospectToCash

    /// The name of the file an exported folder names its set in (`base: dual-write`); a folder without one is
    /// edited `prospect-to-cash` templates.
    public static let markerFileName = "template-set.yaml"

    /// The set's flows in their listed order (the order reports list them in; `TemplateSet.runOrder()` gives the
    /// order they run in).
    public var flowNames: [String] {
        switch self {
        case .prospectToCash:
            return [
                "accounts", "contacts", "contacts-to-customers", "products", "quotes", "quote-lines", "orders-to-sales",
                "order-lines-to-sales", "orders-to-fo", "order-lines-to-fo", "invoices", "invoice-lines",
            ]
        case .dualWrite:
            return [
                "companies", "currencies", "units", "payment-days", "payment-schedules", "payment-terms",
                "customer-payment-methods", "sales-tax-groups", "delivery-modes", "delivery-terms", "price-customer-groups",
                "order-origins", "customer-groups", "customer-parties", "vendor-parties", "vendors", "customers-to-accounts",
                "customers-to-contacts",
                "vendor-contacts", "contacts-to-vendor-contacts", "contact-person-parties", "contact-persons",
                "accounts-to-customers", "contacts-to-customers", "products", "shared-products", "quotes", "quote-lines",
                "quotes-to-sales", "quote-lines-to-sales", "orders-to-sales", "order-lines-to-sales", "orders-to-fo",
                "order-lines-to-fo", "invoices", "invoice-lines",
            ]
        }
    }

    /// Every bundled set's flows, the default set's first: the order reports list flows in.
    public static let allFlowNames: [String] = {
        var seen: Set<String> = []
        return allCases.flatMap(\.flowNames).filter { seen.insert($0).inserted }
    }()

    /// The set's folder inside the target's `Resources` (the default set's files are at its top).
    var resourceSubfolder: String? {
        switch self {
        case .prospectToCash: return nil
        case .dualWrite: return "dual-write"
        }
    }

    /// The integration whose maps the set transcribes: a package `convert` writes with it is meant for that
    /// integration, so the columns it matches records on are required (`SalesRequirement`).
    public var integration: SyncIntegration {
        switch self {
        case .prospectToCash: .prospectToCash
        case .dualWrite: .dualWrite
        }
    }

    public var description: String { rawValue }
}
