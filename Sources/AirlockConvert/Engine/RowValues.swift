import AirlockModel

/// The target values of the record a flow is mapping, one per layout column, as UTF-8 bytes in one buffer: a
/// field plan copies a source value there without making a `String` of it (see `FieldPlan.map`), and the row goes
/// to the flow's tables from there.
///
/// One instance serves every record of a flow (`reset` between them), so a record costs no allocation of its own.
/// Rules read and write it by position (`RuleFlow.position(ofTarget:)`).
public struct RowValues {
    /// The values' bytes; a value set twice leaves its first bytes unused until `reset`. A `ByteBuffer` (an append is
    /// a copy, no uniqueness check): each flow's `RowValues` has its own and uses it from one thread.
    private let bytes = ByteBuffer(capacity: 1024)
    /// Per column: where its value starts in `bytes`, or -1 for null.
    private var starts: [Int32]
    private var counts: [Int32]

    init(count: Int) {
        starts = Array(repeating: -1, count: count)
        counts = Array(repeating: 0, count: count)
    }

    /// Clears every column to null, keeping the storage.
    mutating func reset() {
        starts.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        bytes.removeAll()
    }

    /// Column `position`'s value as text; nil for null.
    public subscript(position: Int) -> String? {
        get {
            let start = Int(starts[position])
            guard start >= 0 else { return nil }
            return bytes.withBytes(from: start) {
                String(decoding: UnsafeRawBufferPointer(rebasing: $0[0..<Int(counts[position])]), as: UTF8.self)
            }
        }
        set {
            guard var text = newValue else {
                starts[position] = -1
                return
            }
            text.withUTF8 { setBytes(position, UnsafeRawBufferPointer($0)) }
        }
    }

    /// Calls `body` with column `position`'s value as bytes (nil for null), valid only during the call.
    func withValue<R>(_ position: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        let start = Int(starts[position])
        guard start >= 0 else { return try body(nil) }
        return try bytes.withBytes(from: start) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<Int(counts[position])])) }
    }

    /// Sets column `position` to a copy of `value` (UTF-8 text).
    mutating func setBytes(_ position: Int, _ value: UnsafeRawBufferPointer) {
        starts[position] = Int32(truncatingIfNeeded: bytes.count)
        counts[position] = Int32(truncatingIfNeeded: value.count)
        bytes.append(value)
    }

    /// Appends the values as a row of `table`: column `i` of the table gets the value of column `positions[i]`,
    /// or of column `i` when `positions` is nil.
    func appendRow(to table: inout Table, positions: [Int]? = nil) throws {
        try bytes.withBytes { arena in
            try starts.withUnsafeBufferPointer { starts in
                try counts.withUnsafeBufferPointer { counts in
                    try table.appendRow(bytes: arena, starts: starts, counts: counts, positions: positions)
                }
            }
        }
    }

    /// Appends the values as a row of `table`, column `i` getting column `i`'s value, with the columns at `nulls`
    /// null whatever they hold.
    func appendRow(to table: inout Table, leavingNull nulls: [Int]) throws {
        guard !nulls.isEmpty else { return try appendRow(to: &table) }
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: starts.count) { masked in
            _ = masked.initialize(fromContentsOf: starts)
            for position in nulls { masked[position] = -1 }
            try bytes.withBytes { arena in
                try counts.withUnsafeBufferPointer { counts in
                    try table.appendRow(bytes: arena, starts: UnsafeBufferPointer(masked), counts: counts)
                }
            }
        }
    }
}
