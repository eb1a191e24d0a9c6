/// A `TableColumn`'s values as the column holds them in memory, in its dictionary (of either size), GUID or plain form:
/// what a file that keeps a table as it is (`TableImageFile`) writes, and reads back in a few large reads instead of a
/// value at a time.
public struct TableColumnImage: Sendable, Equatable {
    /// The column name.
    public var name: String
    /// Number of values (rows).
    public var count: Int
    /// One bit per row, set when the row has a value; `(count + 63) / 64` words.
    public var present: [UInt64]
    /// The dictionary form: each row's code (0 for a null) into the distinct values, which lie end to end in
    /// `dictionaryBytes`, entry `i` ending at `dictionaryEnds[i]`; nil for the other forms.
    public var codes: [UInt8]?
    /// The wide dictionary form: each row's two-byte code, into the same `dictionaryBytes` and `dictionaryEnds`; nil
    /// for the other forms.
    public var wideCodes: [UInt16]?
    public var dictionaryBytes: [UInt8]
    public var dictionaryEnds: [UInt32]
    /// The plain form: every row's value end to end in `bytes` (the column's own store, shared, not copied), row `i`'s
    /// ending at `ends[i]` (empty for the dictionary form).
    public var bytes: ByteStore
    public var ends: [UInt32]
    /// The GUID form: the case of every value's letters, each row's GUID in 16 bytes of `bytes` (zero for a null), no
    /// `ends`; nil for the other forms.
    public var guidLetters: GUIDText.Letters?

    public init(
        name: String, count: Int, present: [UInt64], codes: [UInt8]?, wideCodes: [UInt16]? = nil, dictionaryBytes: [UInt8],
        dictionaryEnds: [UInt32], bytes: ByteStore, ends: [UInt32], guidLetters: GUIDText.Letters? = nil
    ) {
        self.name = name
        self.count = count
        self.present = present
        self.codes = codes
        self.wideCodes = wideCodes
        self.dictionaryBytes = dictionaryBytes
        self.dictionaryEnds = dictionaryEnds
        self.bytes = bytes
        self.ends = ends
        self.guidLetters = guidLetters
    }

    /// Why the image is not a column's (a file damaged or of another program), or nil when it is one: every
    /// offset within its bytes and after the one before, every present row's code naming a distinct value, the
    /// distinct values distinct and within a dictionary's limits.
    public var problem: String? {
        guard count >= 0, present.count == (count + 63) / 64 else { return "its presence bits do not cover its rows" }
        func increasing(_ ends: [UInt32], within limit: Int) -> Bool {
            var previous: UInt32 = 0
            for end in ends {
                guard end >= previous else { return false }
                previous = end
            }
            return Int(previous) <= limit
        }
        if guidLetters != nil {
            guard codes == nil, wideCodes == nil, ends.isEmpty, dictionaryBytes.isEmpty, dictionaryEnds.isEmpty,
                bytes.count == count * GUIDText.byteCount
            else { return "its GUIDs do not fit its rows" }
            return nil
        }
        let codeCount: Int
        switch (codes, wideCodes) {
        case (nil, nil):
            guard ends.count == count, increasing(ends, within: bytes.count) else { return "its value offsets do not fit its bytes" }
            return nil
        case (let codes?, nil): codeCount = codes.count
        case (nil, let wideCodes?): codeCount = wideCodes.count
        case (_?, _?): return "it holds codes of both widths"
        }
        guard codeCount == count, bytes.isEmpty, ends.isEmpty, increasing(dictionaryEnds, within: dictionaryBytes.count) else {
            return "its dictionary does not fit its rows"
        }
        guard dictionaryEnds.count <= (codes == nil ? 65_535 : 256) else { return "its dictionary holds too many values" }
        // Read in place, each width as it is held: no array of every row's code as an `Int`.
        func firstStray<Code: FixedWidthInteger>(_ rowCodes: [Code]) -> Int? {
            let entries = dictionaryEnds.count
            return rowCodes.withUnsafeBufferPointer { rowCodes in
                present.withUnsafeBufferPointer { present in
                    (0..<count).first { present[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 && Int(rowCodes[$0]) >= entries }
                }
            }
        }
        if let row = codes.map(firstStray) ?? wideCodes.map(firstStray) ?? nil {
            return "row \(row) names no value of its dictionary"
        }
        return nil
    }
}
