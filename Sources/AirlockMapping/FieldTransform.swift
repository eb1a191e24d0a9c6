/// One step of a field map's pipeline, applied in the order of `FieldMapping.transforms`.
public enum FieldTransform: Sendable, Hashable {
    /// The value unchanged.
    case copy
    /// Always this value; the source (if any) is ignored.
    case constant(String)
    /// This value when the value so far is blank (the Data Integrator's Default transform; with no source field it
    /// is always used).
    case defaultValue(String)
    /// The value through the named value map; an unmapped value is handled by the policy.
    case valueMap(name: String, unmapped: UnmappedValuePolicy)
    /// On the Sales source side: read the referenced record's business key. On the Sales target side: find the
    /// record whose business key equals the value and write a reference to it.
    case lookup([LookupTarget])
    /// A date rewritten from one format to the other.
    case dateFormat(from: DateFormat, to: DateFormat)
    /// A number rewritten from one format to the other.
    case numberFormat(from: NumberFormat, to: NumberFormat)
}
