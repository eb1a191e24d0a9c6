import Dispatch
import Foundation

/// Runs independent pieces of work (one per entity file) on all cores, with results and errors in input order,
/// so the outcome is the same as a sequential loop's.
public enum ParallelMap {
    /// `body(0) … body(count - 1)`, run concurrently.
    /// - Throws: the error of the lowest index that failed, as a sequential loop would.
    public static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) throws -> T) throws -> [T] {
        let results = ResultSlots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.set(index, Result { try body(index) })
        }
        return try results.values()
    }
}

/// Result slots written by concurrent workers (each its own index) under a lock.
private final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private var slots: [Result<T, any Error>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<T, any Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func values() throws -> [T] {
        lock.lock()
        defer { lock.unlock() }
        return try slots.map { slot in
            guard let slot else { throw AirlockError(.io, "a parallel task produced no result") }
            return try slot.get()
        }
    }
}
