import AirlockModel
import Dispatch

/// The results of pieces of work that finish in any order (a `ParallelMap`'s), handed to a consumer on another
/// thread in index order as soon as each is there: piece 0 can be written out while the later ones still run.
public final class OrderedResults<Value: Sendable>: Sendable {
    private let ready: [DispatchSemaphore]
    private let results: LockedValueBox<[Result<Value, any Error>?]>

    /// Room for `count` results.
    public init(count: Int) {
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        results = LockedValueBox(Array(repeating: nil, count: count))
    }

    public var count: Int { ready.count }

    /// Files piece `index`'s outcome (once per index: every piece must report, or its consumer waits for ever).
    public func fill(_ index: Int, with result: Result<Value, any Error>) {
        results.withLockedValue { $0[index] = result }
        ready[index].signal()
    }

    /// Waits for piece `index`, then returns its value or rethrows its error.
    public func value(at index: Int) throws -> Value {
        ready[index].wait()
        ready[index].signal()
        guard let result = results.withLockedValue({ $0[index] }) else {
            throw AirlockError(.io, "a parallel task reported no result")
        }
        return try result.get()
    }
}
