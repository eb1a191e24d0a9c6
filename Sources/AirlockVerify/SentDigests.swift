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

    /// Starts filing the next record: no column sent with a value yet.
    mutating func beginRecord() {
        masks.append(contentsOf: repeatElement(0, count: stride))
    }

    /// Notes that the record being filed was sent with a value in `columns[position]` (whose canonical form went to
    /// its digest).
    mutating func noteSent(position: Int) {
        masks[masks.count - stride + (position >> 3)] |= 1 << UInt8(position & 7)
    }

    /// Ends filing the record being filed, whose values give `digest`.
    mutating func endRecord(digest: RecordDigest) {
        digests.append(digest)
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
