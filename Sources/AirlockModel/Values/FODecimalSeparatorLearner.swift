/// Learns an F&O file's decimal separator record by record, the one way `validate` and `convert` learn it: each
/// value of a numeric column as the record is read (`FODecimalSeparatorDetector`), then, at the record's end,
/// whether a date column has settled on de-DE (`FODateFormatDetector`), which settles the comma while no number
/// has spoken for the point.
///
/// A date column reads the values `validate` reads as dates: not empty, without leading or trailing spaces (which
/// it reports as spreadsheet damage); ISO values are skipped, as they settle no locale. `validate` feeds it value
/// by value (`readNumber`, `endRecord`), `convert` record by record (`read`: a whole table, or the records of
/// `convert --since`'s earlier export as they stream).
public struct FODecimalSeparatorLearner: Sendable {
    private var detector: FODecimalSeparatorDetector
    private var columnCount = 0
    private var numeric: [Int] = []
    private var dates: [Int] = []
    private var dateDetectors: [FODateFormatDetector] = []

    /// A learner for records whose columns have `types` (the catalog's, nil for a field it does not know; more
    /// can be added with `addColumn`); `pinned`, the data project's locale when it is given, decides at once.
    public init(types: [FOFieldType?] = [], pinned: FOLocale? = nil) {
        detector = FODecimalSeparatorDetector(pinned: pinned)
        for type in types { addColumn(type: type) }
    }

    /// The separator once decided (learnt or given), else nil.
    public var separator: UInt8? { detector.separator }

    /// Whether the separator is known.
    public var isDecided: Bool { detector.isDecided }

    /// Holds to `locale`'s separator from now on (`--fo-locale`, given once the columns are known).
    public mutating func pin(to locale: FOLocale) {
        detector = FODecimalSeparatorDetector(pinned: locale)
    }

    /// The next column's type.
    public mutating func addColumn(type: FOFieldType?) {
        if let type, type.isNumeric { numeric.append(columnCount) }
        if type == .date || type == .datetime {
            dates.append(columnCount)
            dateDetectors.append(FODateFormatDetector())
        }
        columnCount += 1
    }

    /// Reads one value of a numeric column and returns what it says (`.none` once the separator is decided).
    @discardableResult
    public mutating func readNumber(_ bytes: UnsafeRawBufferPointer) -> FODecimalSeparatorDetector.Evidence {
        detector.read(bytes)
    }

    /// Ends a record, whose column `index`'s bytes `withValue(index, body)` hands to `body` (nil when absent): its
    /// date columns may settle the separator.
    public mutating func endRecord(_ withValue: (Int, (UnsafeRawBufferPointer?) -> Void) -> Void) {
        guard !detector.isDecided else { return }
        for (position, column) in dates.enumerated() where dateDetectors[position].locale == nil {
            withValue(column) { bytes in
                guard let bytes, let first = bytes.first, let last = bytes.last, !Self.isSpace(first), !Self.isSpace(last),
                    !FODateGrammar.isISO(bytes)
                else { return }
                _ = dateDetectors[position].read(bytes)
            }
            if let settled = dateDetectors[position].locale { detector.settle(by: settled) }
        }
    }

    /// Reads one whole record (`withValue` as for `endRecord`): its numeric columns in order, then its end.
    public mutating func read(_ withValue: (Int, (UnsafeRawBufferPointer?) -> Void) -> Void) {
        for column in numeric where !detector.isDecided {
            withValue(column) { bytes in
                if let bytes { detector.read(bytes) }
            }
        }
        endRecord(withValue)
    }

    /// The separator: the one learnt, else the point (F&O's default for a file whose numbers never spoke).
    public mutating func decide() -> UInt8 { detector.decide() }

    /// A space or a tab: a value that starts or ends with one is spreadsheet damage to `validate`.
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
