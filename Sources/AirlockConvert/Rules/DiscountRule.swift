import AirlockMapping
import AirlockModel
import AirlockReconcile
import Foundation

/// The discount-per-unit rule (p2c §5.5): Sales keeps a whole-line discount, F&O a per-unit discount plus a
/// rounding charge, which F&O adds to the line amount. With `compute: false` (the bundled setting, as P2C leaves the
/// split to F&O) the rule does nothing beyond the template's own field maps; with `compute: true` the converter
/// writes the other side's fields itself: 10.00 over 3 units → 3.33 per unit and a charge of −0.01 (3 × 3.33 −
/// 10.00); back, 3 × 3.33 − (−0.01) = 10.00. Rounding is half away from zero at `decimals` places.
struct DiscountRule: BundledRule {
    let rule: SpecialRule
    /// The flow the rule is declared on.
    let flow: String

    init?(rule: SpecialRule, template: MappingTemplate, context: ConversionContext) {
        guard rule.parameter("compute")?.lowercased() == "true" else { return nil }
        self.rule = rule
        flow = template.name
    }

    private var toPerUnit: Bool { rule.parameter("direction") == "whole-line-to-per-unit" }

    /// The fields the computed values go to, added to the flow's layout.
    func extraTargetFields(for template: MappingTemplate) -> [String] {
        guard template.name == flow else { return [] }
        return toPerUnit
            ? [rule.parameter("perUnitDiscount"), rule.parameter("roundingCharge")].compactMap { $0 }
            : [rule.parameter("wholeLineDiscount")].compactMap { $0 }
    }

    /// The rule bound to its flow's source and layout.
    func rowHook(for flow: RuleFlow) -> (any RuleRowHook)? {
        guard flow.template.name == self.flow, let quantityField = rule.parameter("quantity") else { return nil }
        let view = flow.view
        let layout = flow.layout
        let catalog = flow.context.catalog
        let quantity = view.prepare(FieldReference(field: quantityField), lookup: [], catalog: catalog)
        let decimals = Int(rule.parameter("decimals") ?? "2") ?? 2
        if toPerUnit {
            guard let whole = rule.parameter("wholeLineDiscount"), let perUnit = rule.parameter("perUnitDiscount") else { return nil }
            return Plan(
                view: view, toPerUnit: true, quantity: quantity,
                inputs: [view.prepare(FieldReference(field: whole), lookup: [], catalog: catalog)],
                outputs: [layout.position(perUnit), rule.parameter("roundingCharge").flatMap { layout.position($0) }], decimals: decimals)
        }
        guard let perUnit = rule.parameter("perUnitDiscount"), let whole = rule.parameter("wholeLineDiscount") else { return nil }
        var inputs = [view.prepare(FieldReference(field: perUnit), lookup: [], catalog: catalog)]
        if let charge = rule.parameter("roundingCharge") {
            inputs.append(view.prepare(FieldReference(field: charge), lookup: [], catalog: catalog))
        }
        return Plan(view: view, toPerUnit: false, quantity: quantity, inputs: inputs, outputs: [layout.position(whole)], decimals: decimals)
    }

    /// The rule bound to one flow.
    struct Plan: RuleRowHook {
        let view: SourceView
        let toPerUnit: Bool
        let quantity: SourceFieldReader
        let inputs: [SourceFieldReader]
        let outputs: [Int?]
        let decimals: Int

        /// Computes the discount fields of row `row` into `values`; a refusal when a number does not parse.
        func apply(row: Int, values: inout RowValues) -> RuleRefusal? {
            func number(_ reader: SourceFieldReader) -> Decimal?? {
                guard case .value(let text) = reader.read(row: row, in: view), let text, !ASCII.isBlank(text) else { return .some(nil) }
                guard let value = Decimal(string: text.trimmingASCIIWhitespace(), locale: Locale(identifier: "en_US_POSIX")) else {
                    return nil
                }
                return .some(value)
            }
            guard let quantityValue = number(quantity) else {
                return RuleRefusal(.invalidValue, field: quantity.name, message: "the quantity is not a number")
            }
            var amounts: [Decimal] = []
            for input in inputs {
                guard let amount = number(input) else {
                    return RuleRefusal(.invalidValue, field: input.name, message: "the discount is not a number")
                }
                amounts.append(amount ?? 0)
            }
            guard let quantity = quantityValue, quantity != 0, amounts.contains(where: { $0 != 0 }) else { return nil }
            if toPerUnit {
                let perUnit = Self.rounded(amounts[0] / quantity, decimals)
                let charge = perUnit * quantity - amounts[0]
                if let position = outputs[0] { values[position] = Self.text(perUnit, decimals) }
                if outputs.count > 1, let position = outputs[1] { values[position] = Self.text(charge, decimals) }
            } else {
                let whole = amounts[0] * quantity - (amounts.count > 1 ? amounts[1] : 0)
                if let position = outputs[0] { values[position] = Self.text(whole, decimals) }
            }
            return nil
        }

        static func rounded(_ value: Decimal, _ decimals: Int) -> Decimal {
            var input = value
            var result = Decimal()
            NSDecimalRound(&result, &input, decimals, .plain)
            return result
        }

        static func text(_ value: Decimal, _ decimals: Int) -> String {
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.minimumFractionDigits = decimals
            formatter.maximumFractionDigits = decimals
            formatter.usesGroupingSeparator = false
            formatter.minimumIntegerDigits = 1
            return formatter.string(from: value as NSDecimalNumber) ?? "\(value)"
        }
    }
}
