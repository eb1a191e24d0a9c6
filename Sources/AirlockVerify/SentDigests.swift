import AirlockModel

/// What `verify` keeps of the compared values of one entity's sent records instead of the values: per record, which
/// of the digested columns were sent with a value (a bit each; a value sent empty is not compared) and a 128-bit
/// digest of those values in canonical form (`FieldDigester`). An export record whose values give the same digest,
/// taken on the same columns, landed as sent; any other is compared value by value against the values spooled
/// (`SentValueSpool`).
struct SentDigests {
    /// The sent columns digested, in the order the export's records are compared.
    let columns: [Int]
    private let stride: Int
    private var masks: [UInt8] = []
    private var digests: [RecordDigest] = []

    init(columns: [Int]) {
        self.columns = columns
        stride = (columns.count + 7) / 8
    }

    /// Files the next record: `withValue` gives the value of a sent column, `rules` each column's rule.
    mutating func append(
        rules: [FieldRule], digester: inout FieldDigester, _ withValue: (Int, (UnsafeRawBufferPointer?) -> Void) -> Void
    ) {
        digester.reset()
        let first = masks.count
        masks.append(contentsOf: repeatElement(0, count: stride))
        for (position, column) in columns.enumerated() {
            withValue(column) { value in
                guard let value, !ASCII.trimmed(value).isEmpty else { return }
                masks[first + (position >> 3)] |= 1 << UInt8(position & 7)
                digester.addSent(value, rule: rules[column])
            }
        }
        digests.append(digester.digest())
    }

    /// Whether record `row` was sent with a value in `columns[position]`.
    func isSent(row: Int, position: Int) -> Bool {
        masks[row * stride + (position >> 3)] & (1 << UInt8(position & 7)) != 0
    }

    /// The digest of record `row`'s values.
    func digest(of row: Int) -> RecordDigest { digests[row] }

    /// Gives back the spare capacity the arrays grew with.
    mutating func shrinkToFit() {
        masks = Self.exactCopy(masks)
        digests = Self.exactCopy(digests)
    }

    private static func exactCopy<Element>(_ array: [Element]) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(array.count)
        copy.append(contentsOf: array)
        return copy
    }
}
