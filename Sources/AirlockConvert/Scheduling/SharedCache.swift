import Foundation

/// Values built on first use and kept by name, shared by the flows on two cores: looked up under a lock and
/// built outside it, so that one lane's long build (a key index over a million rows) never stalls the other
/// lane's lookups. When both lanes build the same value, the first one stored is kept (the two are equal).
final class SharedCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    /// The value for `name`, built by `build` when absent; a nil from `build` is not kept.
    func value(_ name: String, build: () throws -> Value?) rethrows -> Value? {
        lock.lock()
        let cached = values[name]
        lock.unlock()
        if let cached { return cached }
        guard let built = try build() else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let existing = values[name] { return existing }
        values[name] = built
        return built
    }
}
