/// A filter expression: a single test, or tests combined with all (and) / any (or).
public indirect enum FilterCondition: Sendable, Hashable {
    /// Every condition holds.
    case all([FilterCondition])
    /// At least one condition holds.
    case any([FilterCondition])
    /// One comparison.
    case test(FilterTest)

    /// Every test in the expression, depth first.
    public var tests: [FilterTest] {
        switch self {
        case .all(let conditions), .any(let conditions): conditions.flatMap(\.tests)
        case .test(let test): [test]
        }
    }
}
