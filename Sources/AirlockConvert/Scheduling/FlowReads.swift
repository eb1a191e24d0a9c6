import AirlockMapping

/// Which earlier flows' outputs each flow of a conversion reads: what `FlowScheduler` waits for before it starts a
/// flow, and all that the flow's `ConversionContext` shows it (`ConversionContext.scoped(to:)`).
///
/// A flow reads, among the flows before it in run order:
/// - its parent (header) flow, whose verdict on each document its lines follow (`ParentCheck`, the freight tax
///   lines);
/// - the flows that write its target entity: a key one of them already writes is a duplicate
///   (`FlowRunner.earlierWriters`);
/// - for an F&O → Sales flow, the flows that write the Sales entities its lookups point to: a lookup is resolved
///   among the records this run writes before the Sales export (`ConversionContext.resolveSalesLookup`);
/// - for a Sales → F&O flow, the flows whose F&O records a looked-up reference must find
///   (`ConversionContext.referenceCandidates(forSalesEntity:)`);
/// - what a bundled rule on it reads (`BundledRule.flowsRead(by:among:)`). A caller's own rule cannot reach other
///   flows' outputs (`RuleFlow` and `RuleFlowResult` do not show them).
///
/// Since a flow sees exactly these outputs, all finished when it starts, what it finds never depends on timing; and
/// since they are every earlier output it looks at, it finds what a sequential run in run order would show it.
struct FlowReads: Sendable {
    /// Per flow name: the earlier flows it reads, in run order.
    private let reads: [String: [String]]

    /// `reads` as given, each list kept to flows that come earlier in `order` (a later or unknown flow is dropped:
    /// a sequential run would not have it yet).
    init(order: [MappingTemplate], reads: [String: [String]]) {
        let position = Dictionary(order.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var kept: [String: [String]] = [:]
        for (own, template) in order.enumerated() {
            let named = Set(reads[template.name] ?? [])
            kept[template.name] = order[..<own].map(\.name).filter { named.contains($0) && (position[$0] ?? own) < own }
        }
        self.reads = kept
    }

    /// What the flows in `order` read, from their templates and the rules of the conversion.
    static func of(_ order: [MappingTemplate], context: ConversionContext, rules: [any ConversionRule]) -> FlowReads {
        var reads: [String: [String]] = [:]
        for (index, template) in order.enumerated() {
            let earlier = Array(order[..<index])
            var names: [String] = []
            if let parent = template.parent?.flow { names.append(parent) }
            names += earlier.filter { $0.target.side == template.target.side && $0.target.entity == template.target.entity }.map(\.name)
            switch template.direction {
            case .foToSales:
                let entities = Set(template.fields.filter { !$0.isSecondPass }.flatMap(\.lookup).map(\.entity))
                names += earlier.filter { $0.target.side == .sales && entities.contains($0.target.entity) }.map(\.name)
            case .salesToFO:
                for entity in Set(template.fields.flatMap(\.lookup).map(\.entity)) {
                    for case .output(let flow, _) in context.referenceCandidates(forSalesEntity: entity) { names.append(flow) }
                }
            }
            for case let rule as any BundledRule in rules { names += rule.flowsRead(by: template, among: earlier) }
            reads[template.name] = names
        }
        return FlowReads(order: order, reads: reads)
    }

    /// Every flow reading every flow before it: run one at a time, in run order.
    static func everyEarlier(_ order: [MappingTemplate]) -> FlowReads {
        FlowReads(
            order: order, reads: Dictionary(order.enumerated().map { ($1.name, order[..<$0].map(\.name)) }, uniquingKeysWith: { a, _ in a })
        )
    }

    /// The earlier flows flow `name` reads, in run order (none for an unknown flow).
    func flows(readBy name: String) -> [String] { reads[name] ?? [] }
}
