import AirlockModel

/// Learns an F&O file's decimal separator record by record, in `validate`'s order: per record, its numeric columns
/// (`FODecimalSeparatorDetector`), then whether a date column has settled on de-DE (`FODateFormatDetector`). Fed a
/// whole table (`FODecimalNormalizer`) or records as they stream (`convert --since`'s earlier export).
struct FODecimalSeparatorLearner {
    private var detector = FODecimalSeparatorDetector()
    private var columnCount = 0
    private var numeric: [Int] = []
    private var dates: [Int] = []
    private var dateDetectors: [FODateFormatDetector] = []

    /// A learner for records whose columns have `types` (the catalog's, nil for a field it does not know).
    init(types: [FOFieldType?] = []) {
        for type in types { addColumn(type: type) }
    }

    /// Whether the separator is known.
    var isDecided: Bool { detector.isDecided }

    /// The next column's type.
    mutating func addColumn(type: FOFieldType?) {
        if let type, [.int, .int64, .real].contains(type) { numeric.append(columnCount) }
        if type == .date || type == .datetime {
            dates.append(columnCount)
            dateDetectors.append(FODateFormatDetector())
        }
        columnCount += 1
    }

    /// Reads one record, whose column `index`'s bytes `withValue(index, body)` hands to `body` (nil when absent).
    mutating func read(_ withValue: (Int, (UnsafeRawBufferPointer?) -> Void) -> Void) {
        for column in numeric {
            withValue(column) { bytes in
                if let bytes { detector.read(bytes) }
            }
        }
        for (position, column) in dates.enumerated() where dateDetectors[position].locale == nil {
            withValue(column) { bytes in
                guard let bytes, !ASCII.scan(bytes).isBlank else { return }
                _ = dateDetectors[position].read(bytes)
            }
            if let settled = dateDetectors[position].locale { detector.settle(by: settled) }
        }
    }

    /// The separator: the one learnt, else the point (F&O's default for a file whose numbers never spoke).
    mutating func decide() -> UInt8 { detector.decide() }
}
