import AirlockModel

/// Runs `SecondPass` once, when the flows that write Sales records have finished (on the thread that finished the
/// last of them, before `to-sales.zip` is started from its result), and hands the same result to the conversion
/// once every flow is done.
final class SecondPassJob: Sendable {
    private let context: ConversionContext
    private let result = LockedValueBox<Result<[FlowOutput], any Error>?>(nil)

    init(context: ConversionContext) { self.context = context }

    /// Resolves the second-pass lookups of `outputs` (the flows that feed `to-sales.zip`, all finished); the first
    /// call computes, later ones return what it gave.
    func run(_ outputs: [FlowOutput]) throws -> [FlowOutput] {
        try result.withLockedValue { result in
            if let result { return result }
            let computed = Result { try SecondPass.resolve(outputs, context: context) }
            result = computed
            return computed
        }.get()
    }

    /// `outputs` (every flow's, in run order) with those the second pass replaced.
    /// - Throws: the second pass's error; `.io` when it never ran.
    func replacing(_ outputs: [FlowOutput]) throws -> [FlowOutput] {
        guard let result = result.withLockedValue({ $0 }) else { throw AirlockError(.io, "the second pass never ran") }
        let resolved = try result.get()
        let byName = Dictionary(resolved.map { ($0.template.name, $0) }, uniquingKeysWith: { first, _ in first })
        return outputs.map { byName[$0.template.name] ?? $0 }
    }
}
