import Foundation

/// A value shared between threads, reached only while its lock is held (the shape of swift-nio's
/// `NIOLockedValueBox`): the one place a type that threads share keeps its mutable state.
///
/// ```swift
/// let warnings = LockedValueBox<[String]>([])
/// warnings.withLockedValue { $0.append("…") }
/// ```
public final class LockedValueBox<Value> {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; what `body` returns.
    public func withLockedValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// The value is reached only under the lock, so the box may cross threads whenever the value may.
extension LockedValueBox: @unchecked Sendable where Value: Sendable {}
