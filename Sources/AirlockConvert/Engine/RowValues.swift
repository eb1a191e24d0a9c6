import AirlockModel

/// The target values of the record a flow is mapping, one per layout column, as UTF-8 bytes in one buffer: a
/// field plan copies a source value there without making a `String` of it (see `FieldPlan.map`), and the row goes
/// to the flow's tables from there.
///
/// One instance serves every record of a flow (`reset` between them), so a record costs no allocation of its own.
/// Rules read and write it by position (`RuleFlow.position(ofTarget:)`).
public struct RowValues {
    /// The values' bytes; a value set twice leaves its first bytes unused until `reset`.
    private var bytes: [UInt8] = []
    /// Per column: where its value starts in `bytes`, or -1 for null.
    private var starts: [Int32]
    private var counts: [Int32]

    init(count: Int) {
        starts = Array(repeating: -1, count: count)
        counts = Array(repeating: 0, count: count)
        bytes.reserveCapacity(1024)
    }

    /// Clears every column to null, keeping the storage.
    mutating func reset() {
        starts.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Column `position`'s value as text; nil for null.
    public subscript(position: Int) -> String? {
        get {
            let start = Int(starts[position])
            guard start >= 0 else { return nil }
            return String(decoding: bytes[start..<(start + Int(counts[position]))], as: UTF8.self)
        }
        set {
            guard var text = newValue else {
                starts[position] = -1
                return
            }
            text.withUTF8 { setBytes(position, UnsafeRawBufferPointer($0)) }
        }
    }

    /// Sets column `position` to a copy of `value` (UTF-8 text).
    mutating func setBytes(_ position: Int, _ value: UnsafeRawBufferPointer) {
        starts[position] = Int32(truncatingIfNeeded: bytes.count)
        counts[position] = Int32(truncatingIfNeeded: value.count)
        bytes.append(contentsOf: value)
    }

    /// Appends the values as a row of `table`: column `i` of the table gets the value of column `positions[i]`,
    /// or of column `i` when `positions` is nil.
    func appendRow(to table: inout Table, positions: [Int]? = nil) throws {
        try bytes.withUnsafeBytes { arena in
            try starts.withUnsafeBufferPointer { starts in
                try counts.withUnsafeBufferPointer { counts in
                    try table.appendRow(bytes: arena, starts: starts, counts: counts, positions: positions)
                }
            }
        }
    }
}
