/// How a filter test compares a field with its values.
public enum FilterOperator: String, Sendable, Hashable, CaseIterable {
    /// The value equals the one given (ignoring case and surrounding blanks).
    case equals
    /// The value differs from the one given; a blank value differs from any non-blank one.
    case notEquals = "not-equals"
    /// The value is one of those given.
    case `in`
    /// The value is none of those given.
    case notIn = "not-in"
    /// The value is blank.
    case isEmpty = "is-empty"
    /// The value is not blank.
    case notEmpty = "not-empty"
    /// A Sales lookup points to a record of the entity given (its logical name), e.g. a contact's company is an
    /// account.
    case references

    /// How many values the operator takes: exactly one, one or more, or none.
    public var arity: ClosedRange<Int> {
        switch self {
        case .equals, .notEquals, .references: 1...1
        case .in, .notIn: 1...Int.max
        case .isEmpty, .notEmpty: 0...0
        }
    }
}
