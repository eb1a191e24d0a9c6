import AirlockModel
import Dispatch

/// Runs independent pieces of work (one per entity file) on all cores, with results and errors in input order,
/// so the outcome is the same as a sequential loop's.
public enum ParallelMap {
    /// `body(0) … body(count - 1)`, run concurrently.
    /// - Throws: the error of the lowest index that failed, as a sequential loop would.
    public static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) throws -> T) throws -> [T] {
        // Each worker writes its own slot.
        let slots = LockedValueBox<[Result<T, any Error>?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { try body(index) }
            slots.withLockedValue { $0[index] = result }
        }
        return try slots.withLockedValue { $0 }.map { slot in
            guard let slot else { throw AirlockError(.io, "a parallel task produced no result") }
            return try slot.get()
        }
    }

    /// `body(0) … body(count - 1)`, run concurrently, the pieces of highest `costs` started first (so that a large
    /// piece does not start last and run alone); results and errors still in input order.
    /// - Throws: the error of the lowest index that failed, as a sequential loop would.
    public static func map<T: Sendable>(_ count: Int, costs: [Int], _ body: @Sendable (Int) throws -> T) throws -> [T] {
        let cost = (0..<count).map { costs.indices.contains($0) ? costs[$0] : 0 }
        let order = (0..<count).sorted { cost[$0] != cost[$1] ? cost[$0] > cost[$1] : $0 < $1 }
        let results = try map(count) { position in Result { try body(order[position]) } }
        var slots = [Result<T, any Error>?](repeating: nil, count: count)
        for (position, index) in order.enumerated() { slots[index] = results[position] }
        return try slots.map { slot in
            guard let slot else { throw AirlockError(.io, "a parallel task produced no result") }
            return try slot.get()
        }
    }
}
