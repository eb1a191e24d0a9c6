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
}
