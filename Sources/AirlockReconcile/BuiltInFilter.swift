/// The filters Airlock applies by itself, beside a template's own (`filters:`): the names a filtered record's
/// outcome (`RecordOutcome.filtered(filter:)`) and the report's `filteredBy` give them (docs/convert.md).
public enum BuiltInFilter {
    /// A source record of another company than the conversion's.
    public static let otherCompany = "other-company"
    /// A line whose header its header flow filtered.
    public static let parentFiltered = "parent-filtered"
    /// A source record that the export of an earlier wave holds unchanged (`convert --since`).
    public static let unchangedSince = "unchanged-since"
    /// An update the master side would lose: a record the target already holds, in a flow towards the master side
    /// (`convert --master`).
    public static let heldByMaster = "held-by-master"
    /// A record whose target key the flow, or an earlier flow, already writes, in a flow whose template says
    /// `repeatedKeys: skip` (a party read from several of its roles).
    public static let alreadyWritten = "already-written"
}
