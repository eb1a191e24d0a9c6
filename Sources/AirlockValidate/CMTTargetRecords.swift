import AirlockPackages

/// The records a Sales target already holds, for validating a package that is a delta against it (`convert`'s
/// `to-sales.zip`, `validate --against EXPORT`): a lookup to a record the target holds is expected, not a finding.
public protocol CMTTargetRecords: Sendable {
    /// Whether the target holds the record of `entity` with id `id` (a GUID's text as the package writes it).
    func holds(entity: String, id: String) -> Bool

    /// Whether the target holds the record of `entity` whose id is the GUID `high`, `low` (its 16 bytes as two
    /// big-endian halves, as `CMTValueCodec.guidValue` reads them): `holds(entity:id:)` without the id's text, which
    /// the validator asks for every lookup to an entity the package does not carry.
    func holds(entity: String, guidHigh high: UInt64, low: UInt64) -> Bool
}

extension CMTTargetRecords {
    /// Asks `holds(entity:id:)` with the GUID's canonical text.
    public func holds(entity: String, guidHigh high: UInt64, low: UInt64) -> Bool {
        holds(entity: entity, id: CMTValueCodec.guidText(high: high, low: low))
    }
}
