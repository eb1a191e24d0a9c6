/// What a flow does with a record whose target key an earlier record of the flow, or an earlier flow writing the
/// same target entity, already has (`repeatedKeys:` of a template).
///
/// A flow that reads one target record from several sources (a party read from its customer, vendor and contact
/// person roles) writes it once: the first record is kept, the others are the same record again.
public enum RepeatedKeyPolicy: String, Sendable, Hashable, CaseIterable {
    /// Reject the record (`duplicate-key`): a repeated key is a fault of the source data. The default.
    case reject
    /// Filter the record (`already-written`): the target record is written once, by the first record that has
    /// its key.
    case skip
}
