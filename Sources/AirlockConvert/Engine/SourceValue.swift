/// A source field's value for one record, as the mapper reads it.
enum SourceValue {
    /// The value (nil when the record has none).
    case value(String?)
    /// A Sales lookup that points at a record the export does not hold (or one without the business key).
    case orphan(String)
}
