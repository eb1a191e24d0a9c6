import AirlockModel

/// A natural key to look up in a `KeyIndex`, built part by part from bytes as records stream (the company first
/// when the index's key has one), encoded and normalised as `KeyIndex.row(for: NaturalKey)` encodes a key, without
/// making a `String` of each part.
public struct KeyProbe {
    /// How the parts are normalised: the index's.
    public let normalization: KeyNormalization
    /// The encoded key (the probe's own: a probe is not shared).
    let buffer = ByteBuffer(capacity: 64)
    /// Parts added since `reset`.
    public private(set) var partCount = 0
    /// Whether no part added is null or empty after normalisation.
    public private(set) var isComplete = true

    public init(normalization: KeyNormalization = .caseInsensitive) {
        self.normalization = normalization
    }

    /// Starts another key.
    public mutating func reset() {
        buffer.removeAll()
        partCount = 0
        isComplete = true
    }

    /// Adds the next part; nil stands for a null value (which makes the key incomplete).
    public mutating func add(_ part: UnsafeRawBufferPointer?) {
        partCount += 1
        if isComplete && !BoundKey.appendPart(part, normalization, buffer) { isComplete = false }
    }
}

extension KeyIndex {
    /// The row holding the key `probe` holds, or nil when no row has it, the key is incomplete, or it has another
    /// number of parts than the index's key (its company included) — as `row(for:)` answers for the same key.
    public func row(for probe: KeyProbe) -> Int? {
        guard probe.isComplete, probe.normalization == normalization,
            probe.partCount == key.columns.count + (key.definition.hasCompany ? 1 : 0)
        else { return nil }
        return probe.buffer.withBytes { find(encoded: $0) }
    }
}
