import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockValidate

/// The page's plan: what the exports lack, the records the templates assume, the causes of rejection.
extension ConversionPage {
    /// The plan: flows that convert nothing, the columns each template reads that the exports lack, and the
    /// causes of rejection with their records.
    var planSection: String {
        guard let plan = report.plan else { return PageFrame.paragraph("The report holds no plan (an older report).", class: "none") }
        var out = ""
        let empty = plan.flowsRejectingAllTheyConvert
        if !empty.isEmpty {
            out +=
                "<div class=\"banner bad\" role=\"alert\"><strong>Nothing converted</strong> by \(HTMLText.escape(empty.joined(separator: ", "))).</div>\n"
        }
        for name in flowOrder {
            guard let flow = plan.flows[name], flow.filtersLeaveOutAll else { continue }
            out +=
                "<div class=\"banner note\"><strong>\(HTMLText.escape(name))</strong>: \(HTMLText.escape(flow.nothingToConvertText)).</div>\n"
        }
        let untargeted = flowOrder.compactMap { name in plan.flows[name]?.missingTarget.map { (name, $0) } }
        if !untargeted.isEmpty {
            let items = untargeted.map { name, missing in
                "\(HTMLText.escape(name)) (the \(HTMLText.escape(missing.system)) export holds no \(HTMLText.escape(missing.entity)))"
            }
            out +=
                "<div class=\"banner note\"><strong>Every record counted as created</strong> by \(items.joined(separator: ", ")): their defaults go to any record the target already holds (--allow-missing-target).</div>\n"
        }
        var columns = ReportTable(
            id: "table-plan-columns", caption: "Columns the templates read that the exports lack",
            columns: [.init("flow"), .init("column"), .init("what that does")])
        var assumed = ReportTable(
            id: "table-plan-references",
            caption: "Records the templates and the values name in the target (defaults, value maps, reference data)",
            columns: [.init("flow"), .init("field"), .init("looked up as"), .init("value"), .init("held"), .init("records", numeric: true)])
        var defaults = ReportTable(
            id: "table-plan-defaults", caption: "Defaults given only to records with data for the field, or after another field",
            columns: [.init("flow"), .init("field"), .init("what the records took")])
        var causes = ReportTable(
            id: "table-plan-causes", caption: "Causes of rejection",
            columns: [.init("flow"), .init("reason"), .init("field"), .init("records", numeric: true), .init("message")])
        for name in flowOrder {
            guard let flow = plan.flows[name] else { continue }
            for missing in flow.missingColumns {
                columns.add([
                    .text(name), .text(missing.column, class: "code"), .text(missing.effects.joined(separator: "; "), class: "wide"),
                ])
            }
            for reference in flow.assumedReferences where reference.records != 0 {
                assumed.add([
                    .text(name), .text(reference.field, class: "code"), .text(reference.target),
                    .text(reference.otherValues == nil ? reference.value : reference.shownValue, class: "code"),
                    .text((reference.held ? "yes" : "no") + (reference.note.map { " — \($0)" } ?? "")),
                    reference.records.map { .number($0) } ?? .text(""),
                ])
            }
            for conditional in flow.conditionalDefaults {
                for line in conditional.lines {
                    defaults.add([.text(name), .text(conditional.field, class: "code"), .text(line, class: "wide")])
                }
            }
            for cause in flow.rejectCauses {
                causes.add([
                    .text(name), .text(cause.reason), .text(cause.field, class: "code"), .number(cause.records),
                    .text((cause.variants.map { "\($0) different values, e.g. " } ?? "") + cause.message, class: "wide"),
                ])
            }
        }
        out += columns.rows.isEmpty ? PageFrame.paragraph("The exports hold every column the templates read.", class: "none") : columns.html
        if !assumed.rows.isEmpty { out += assumed.html }
        if !defaults.rows.isEmpty { out += defaults.html }
        out += causes.rows.isEmpty ? PageFrame.paragraph("No record is rejected.", class: "none") : causes.html
        return out
    }
}
