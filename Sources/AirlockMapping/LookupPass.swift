/// When a field map's Sales target lookup is resolved (`pass:` of a field map).
///
/// A lookup to a record of the same load (a customer's invoice account, a contact person's manager: dual-write's
/// circular-reference case) cannot be resolved while its flow runs: the record it names may come later in the
/// file, or from a flow that runs later. The Configuration Migration tool sets such lookups in a second pass of
/// its own, so one package can carry them once the converter has resolved them after every flow.
public enum LookupPass: String, Sendable, Hashable, CaseIterable {
    /// Resolved as the record is mapped: a value that names no record rejects the record (`orphan-reference`).
    case first
    /// Resolved after every flow of the run has finished, against every Sales record the run writes and then the
    /// Sales export; a value that names no record leaves the field empty and is listed, the record is still written.
    case second
}
