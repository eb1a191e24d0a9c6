import AirlockMapping
import AirlockModel

/// Which type implements each special rule kind, and the rules of a conversion.
///
/// The switch is exhaustive: a rule kind added to `SpecialRuleKind` without an implementation does not compile.
enum SpecialRuleRegistry {
    static func implementation(of kind: SpecialRuleKind) -> any BundledRule.Type {
        switch kind {
        case .discountPerUnit: DiscountRule.self
        case .freightTaxLine: FreightTaxLineRule.self
        case .invoicedOrderStatus: InvoicedOrderStatusRule.self
        case .priceListItem: PriceListItemRule.self
        case .writeBack: WriteBackRule.self
        }
    }

    /// What rule `rule`, declared on `template`, reads from the Sales export beyond the template's fields and its
    /// parameters' (`BundledRule.salesReads`).
    static func salesReads(of rule: SpecialRule, on template: MappingTemplate, catalog: SchemaCatalog) -> [SalesFieldRead] {
        implementation(of: rule.kind).salesReads(of: rule, on: template, catalog: catalog)
    }

    /// The rules the flows in `order` declare, in run order and then declaration order, made before the flows
    /// run; rules with nothing to do in this conversion are left out.
    static func rules(of order: [MappingTemplate], context: ConversionContext) throws -> [any ConversionRule] {
        var rules: [any ConversionRule] = []
        for template in order {
            for rule in template.rules {
                if let made = try implementation(of: rule.kind).init(rule: rule, template: template, context: context) {
                    rules.append(made)
                }
            }
        }
        return rules
    }
}
