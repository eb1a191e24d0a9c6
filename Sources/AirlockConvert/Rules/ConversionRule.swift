import AirlockMapping

/// What a special rule does in a conversion, beyond field-by-field maps, in three hooks:
/// - **before the flows**: the rule is made (it reads what it needs from the exports then; see
///   `SpecialRuleRegistry` for the bundled rules, or pass an instance to `Converter.run(_:catalog:rules:progress:)`);
/// - **per record** of a flow: `rowHook(for:)` binds the rule to the flow when it starts, and the hook may change
///   a record's target values or refuse it;
/// - **after a flow**: `generatedRecords(after:)` adds records of the rule's own (price-list items, freight tax
///   lines, order statuses), outside the flow's accounting identity.
///
/// One instance serves the whole conversion; flows run on two threads, so the rule itself is `Sendable` and keeps
/// per-flow state in its hooks. Every hook has a default that does nothing.
public protocol ConversionRule: Sendable {
    /// Target fields the rule writes in `flow`'s records beyond the flow's field maps (added to its layout).
    func extraTargetFields(for flow: MappingTemplate) -> [String]

    /// The rule's per-record work on `flow`, bound to the flow's source and layout; nil when it has none there.
    func rowHook(for flow: RuleFlow) throws -> (any RuleRowHook)?

    /// The records the rule adds once `flow` has run; nil when it adds none there.
    func generatedRecords(after flow: RuleFlowResult) throws -> GeneratedRecords?

    /// Whether the rule adds Sales records after `flow` (the Sales package then waits for that flow).
    func generatesSalesRecords(on flow: MappingTemplate) -> Bool
}

extension ConversionRule {
    public func extraTargetFields(for flow: MappingTemplate) -> [String] { [] }
    public func rowHook(for flow: RuleFlow) throws -> (any RuleRowHook)? { nil }
    public func generatedRecords(after flow: RuleFlowResult) throws -> GeneratedRecords? { nil }
    public func generatesSalesRecords(on flow: MappingTemplate) -> Bool { false }
}
