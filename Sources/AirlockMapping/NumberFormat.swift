/// A number format of one side's files.
public enum NumberFormat: String, Sendable, Hashable, CaseIterable {
    /// `.` as the decimal separator, no grouping (both sides' package formats).
    case invariant
    /// `.` decimals with `,` grouping (`1,234.56`), as typed or exported by en-US tools.
    case enUS = "en-US"
    /// `,` decimals with `.` grouping (`1.234,56`), as in many European locales.
    case commaDecimal = "comma-decimal"
}
