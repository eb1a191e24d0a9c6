/// What a workbook cell holds, as its `t` attribute says: the reader yields every kind as text, a consumer that writes
/// the sheet again writes each back as it was.
public enum FOExcelCellKind: Sendable, Equatable {
    /// A shared string (`s`), an inline string (`inlineStr`) or a formula's text result (`str`).
    case text
    /// A number (`n`, or no `t`): the value as stored (a date cell's serial number).
    case number
    /// A boolean (`b`), which the reader yields as `Yes` or `No`.
    case boolean
    /// An error value (`e`: `#N/A`).
    case error
    /// An ISO 8601 date (`d`).
    case date

    /// The kind a cell's `t` attribute names (nil: a number).
    public init(type: String?) {
        switch type {
        case "s", "inlineStr", "str": self = .text
        case "b": self = .boolean
        case "e": self = .error
        case "d": self = .date
        default: self = .number
        }
    }
}
