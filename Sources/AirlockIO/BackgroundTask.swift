import AirlockModel
import Foundation

/// Runs a piece of work on a thread of its own (not a Dispatch worker: the caller may itself be one, and waits).
public final class BackgroundTask<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Value, any Error>?

    /// Starts `body`; with `lowPriority`, its thread (and any it starts) runs at `ThreadPriority`'s background
    /// priority, on what the other threads leave idle.
    public init(lowPriority: Bool = false, _ body: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            if lowPriority { ThreadPriority.lowerCurrentThread() }
            outcome = Result { try body() }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the work and returns its value, or rethrows its error.
    public func result() throws -> Value {
        done.wait()
        done.signal()
        guard let outcome else { throw AirlockError(.io, "a background task ended without a result") }
        return try outcome.get()
    }
}
