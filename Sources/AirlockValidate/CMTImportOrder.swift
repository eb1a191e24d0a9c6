/// The rule of a Configuration Migration package's import order, in one place for the writer that lays a package out
/// (`convert`'s `to-sales.zip`) and the validator that checks one (`cmt.schema.import-order`): an entity comes after
/// the entities its records reference inside the package (their lookups), so that CMT sets each lookup as it creates
/// the record instead of in a second pass. A reference inside a cycle (account ↔ contact both ways) does not order:
/// one of the two must come first, and CMT's second pass sets it.
public struct CMTImportOrder: Sendable {
    /// Per entity, the entities its records reference inside the package (itself left out).
    private let references: [String: Set<String>]

    public init(references: [String: Set<String>]) {
        self.references = references.filter { !$0.value.isEmpty }
    }

    /// Whether `entity` must come after `target`: it references `target`, outside a cycle.
    public func requires(_ entity: String, after target: String) -> Bool {
        entity != target && references[entity]?.contains(target) == true && !reaches(target, entity)
    }

    /// `entities` (in the order preferred) reordered so that each comes after every entity it requires; where the rule
    /// leaves a choice the preferred order decides, so an order that already fits is kept as it is.
    public func order(_ entities: [String]) -> [String] {
        var placed: Set<String> = []
        var remaining = entities
        var order: [String] = []
        while !remaining.isEmpty {
            let next =
                remaining.firstIndex { entity in
                    (references[entity] ?? []).allSatisfy { !requires(entity, after: $0) || placed.contains($0) }
                } ?? 0
            let entity = remaining.remove(at: next)
            placed.insert(entity)
            order.append(entity)
        }
        return order
    }

    /// Whether `goal` can be reached from `start` along references.
    private func reaches(_ start: String, _ goal: String) -> Bool {
        var stack = [start]
        var visited: Set<String> = [start]
        while let node = stack.popLast() {
            for next in references[node] ?? [] {
                if next == goal { return true }
                if visited.insert(next).inserted { stack.append(next) }
            }
        }
        return false
    }
}
