import AirlockMapping
import AirlockModel

/// A flow as a rule sees it when the flow starts: its template, its source records and its target layout.
public struct RuleFlow {
    /// The flow's template.
    public let template: MappingTemplate
    let view: SourceView
    let layout: FlowLayout
    let context: ConversionContext

    /// The position of target field `field` in the flow's records (`RowValues`); nil when the flow does not write it.
    public func position(ofTarget field: String) -> Int? { layout.position(field) }

    /// Source row `row`'s value of field `field` as the export holds it; nil when null or the source lacks it.
    public func sourceValue(row: Int, field: String) -> String? { view.table.value(row: row, column: field) }

    /// The conversion's company (F&O `dataAreaId`).
    public var company: String { context.company }
}
