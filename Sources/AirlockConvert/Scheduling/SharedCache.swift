import AirlockModel

/// Values built on first use and kept by name, shared by the flows on two cores: looked up under a lock and
/// built outside it, so that one lane's long build (a key index over a million rows) never stalls the other
/// lane's lookups. When both lanes build the same value, the first one stored is kept (the two are equal).
final class SharedCache<Value: Sendable>: Sendable {
    private let values = LockedValueBox<[String: Value]>([:])

    /// The value for `name`, built by `build` when absent; a nil from `build` is not kept.
    func value(_ name: String, build: () throws -> Value?) rethrows -> Value? {
        if let cached = values.withLockedValue({ $0[name] }) { return cached }
        guard let built = try build() else { return nil }
        return values.withLockedValue { values in
            if let existing = values[name] { return existing }
            values[name] = built
            return built
        }
    }
}
