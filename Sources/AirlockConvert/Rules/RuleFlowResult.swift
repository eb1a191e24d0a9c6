import AirlockMapping
import AirlockModel
import AirlockReconcile

/// A flow as a rule sees it once it has run: its accepted records, its source, and the target export's records.
public struct RuleFlowResult {
    /// The flow's template.
    public var template: MappingTemplate { output.template }
    let output: FlowOutput
    let view: SourceView
    /// The target export's records of the flow's target entity, with the key they are matched by.
    let target: (table: Table, key: KeyDefinition)
    let context: ConversionContext

    /// The records the flow accepted (created, updated or unchanged), in its target layout.
    public var accepted: Table { output.accepted }

    /// The source row accepted record `row` came from.
    public func sourceRow(ofAccepted row: Int) -> Int { output.acceptedSourceRows[row] }
}
