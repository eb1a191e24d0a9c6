/// One column of a `Table`, in one of four forms chosen as it is built, or a fifth given at once:
///
/// - **dictionary**: while the column has at most 256 distinct values (a company, a currency, a status, a
///   lookup's entity name), each is stored once (`ColumnDictionary`) and a row costs one byte of code;
/// - **wide dictionary**: while it has at most 65,535 distinct values and they repeat (dates, prices, street
///   names, a lookup's display name: at most half of its rows, past the first 4,096, bring a new one), a row costs
///   two bytes of code;
/// - **GUID**: while every value is a GUID in Dataverse's form, in one case (`GUIDText`: record ids and lookups,
///   most of a Sales export's text), a row costs the GUID's 16 bytes, not its 36 characters and an offset;
/// - **plain**: every value's UTF-8 bytes laid end to end in one buffer, with four bytes of end offset a row;
/// - **rows of another column** (`init(rows:of:name:)`): the values of chosen rows of a column held elsewhere, read
///   there (`ColumnRows`): a flow's accepted records show the columns they copy from their source records.
///
/// A column starts as a dictionary and leaves it, once and for good, at its 257th distinct value (or past 64 KiB
/// of distinct text): for the GUID form when every value so far is a GUID, else for the wide dictionary, which it
/// leaves for the plain form when full or when its values do not repeat enough. A GUID column turns plain at its
/// first other value. Either way a million values cost a few megabytes, not a `String` apiece, and `withValue` hands
/// out the same bytes. A column of rows of another turns plain at its first append. A value is either absent (null:
/// an XML attribute or CMT field that was not there) or a byte string, possibly empty.
public struct TableColumn: Sendable {
    /// The column name (F&O staging field, CMT logical name).
    public var name: String
    /// Number of values (rows) held.
    public private(set) var count = 0
    /// Whether the column is in dictionary form (`codes` and `dictionary`) rather than plain (`bytes`, `ends`).
    public private(set) var isDictionaryEncoded = true
    /// Dictionary form: row `row`'s value is entry `codes[row]` of `dictionary` (0 for a null).
    @usableFromInline private(set) var codes: [UInt8] = []
    @usableFromInline private(set) var dictionary = ColumnDictionary()
    /// Whether the column is in the wide dictionary form (`wideCodes` and `dictionary`).
    public private(set) var isWideDictionaryEncoded = false
    /// Wide dictionary form: row `row`'s value is entry `wideCodes[row]` of `dictionary` (0 for a null).
    @usableFromInline private(set) var wideCodes: [UInt16] = []
    /// Plain form: `ends[row]` is the end offset of row `row`'s value in `bytes`; the start is the previous end.
    /// GUID form: row `row`'s 16 bytes at `16 * row` (zero for a null), no `ends`.
    @usableFromInline private(set) var bytes = ByteStore(capacity: 0)
    /// Whether the column is in GUID form (16 bytes a row in `bytes`).
    public var isGUIDEncoded: Bool { guidLetters != nil }
    /// Whether the column is in GUID form with no upper-case letter: every value it holds is a GUID in the canonical
    /// form (`GUIDText.isCanonical`), so a writer may copy it without checking it again.
    public var holdsCanonicalGUIDs: Bool { guidLetters == GUIDText.Letters.none || guidLetters == .lower }
    /// GUID form: the case of every value's letters; nil in the other forms.
    @usableFromInline private(set) var guidLetters: GUIDText.Letters?
    /// Rows form: the column shown and its rows; nil in the other forms.
    @usableFromInline private(set) var rowsOf: ColumnRows?
    /// Whether the column shows rows of another column (the rows form) rather than holding its values.
    public var isRowsOfAnotherColumn: Bool { rowsOf != nil }
    /// For a column of rows of another: the rows it shows, and the column they are rows of; nil in the other forms.
    public var shownRows: (rows: [UInt32], of: TableColumn)? { rowsOf.map { ($0.rows, $0.base.pointee) } }
    @usableFromInline private(set) var ends: [UInt32] = []
    /// One bit per row: set when the row has a value (possibly empty).
    @usableFromInline private(set) var present: [UInt64] = []
    /// The row count `reserve(rows:)` was last told to expect, for the plain form's offsets.
    private var expectedRows = 0

    public init(name: String) {
        self.name = name
    }

    /// The same values under another name (nothing is copied until one of the two changes).
    public func renamed(_ name: String) -> TableColumn {
        var column = self
        column.name = name
        return column
    }

    /// A column named `name` showing rows `rows` of `column`, in that order, without copying their values: for a
    /// table whose rows come from another's (every such column of a table can share one `rows`).
    public init(rows: [UInt32], of column: TableColumn, name: String) {
        precondition(rows.allSatisfy { Int($0) < column.count }, "a row shown must be one of the column's")
        self.name = name
        count = rows.count
        isDictionaryEncoded = false
        present = Array(repeating: 0, count: (rows.count + 63) / 64)
        for (row, shown) in rows.enumerated() where column.isPresent(Int(shown)) { present[row >> 6] |= 1 << UInt64(row & 63) }
        rowsOf = ColumnRows(rows, of: column)
    }

    /// Whether row `row` of this column holds the value of row `rows[row]` of `column` (both null, or the same
    /// bytes), for every row: whether `init(rows:of:name:)` would show the same values.
    public func hasValues(ofRows rows: [UInt32], in column: TableColumn) -> Bool {
        guard rows.count == count else { return false }
        for (row, shown) in rows.enumerated() {
            guard Int(shown) < column.count else { return false }
            let same = withValue(row) { mine in
                column.withValue(Int(shown)) { theirs in
                    guard let mine, let theirs else { return mine == nil && theirs == nil }
                    return mine.elementsEqual(theirs)
                }
            }
            if !same { return false }
        }
        return true
    }

    /// A column of `count` nulls.
    public init(name: String, nullCount count: Int) {
        self.name = name
        self.count = count
        codes = Array(repeating: 0, count: count)
        present = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// Bytes the column holds for its values (text, codes; not offsets), for memory accounting: none for a column of
    /// rows of another.
    public var byteCount: Int {
        if isDictionaryEncoded { return dictionary.bytes.count + codes.count }
        if isWideDictionaryEncoded { return dictionary.bytes.count + 2 * wideCodes.count }
        return bytes.count
    }

    /// Appends a value; nil appends a null.
    /// - Throws: `AirlockError(.limitExceeded)` when the column would pass 4 GiB of text.
    public mutating func append(_ value: UnsafeRawBufferPointer?) throws {
        let row = count
        if row & 63 == 0 { present.append(0) }
        if value != nil { present[row >> 6] |= 1 << UInt64(row & 63) }
        if isDictionaryEncoded {
            guard let value else {
                codes.append(0)
                count += 1
                return
            }
            if let code = dictionary.code(of: value) {
                codes.append(UInt8(truncatingIfNeeded: code))
                count += 1
                return
            }
            try leaveDictionary(for: value)
        }
        if isWideDictionaryEncoded {
            if appendWide(value) {
                count += 1
                return
            }
            try becomePlain()
        }
        if let letters = guidLetters {
            if appendGUID(value, letters: letters) {
                count += 1
                return
            }
            try becomePlain()
        }
        if rowsOf != nil { try becomePlain() }
        if let value { bytes.append(value) }
        guard bytes.count <= Int(UInt32.max) else {
            throw AirlockError(.limitExceeded, "column \(name) holds more than 4 GiB of text; split the entity file")
        }
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        count += 1
    }

    /// Appends a value given as text; nil appends a null.
    public mutating func append(_ value: String?) throws {
        guard var value else { return try append(nil as UnsafeRawBufferPointer?) }
        try value.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
    }

    /// Whether row `row` has a value (empty counts as a value).
    @inlinable
    public func isPresent(_ row: Int) -> Bool {
        present[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Calls `body` with the bytes of row `row`'s value, or nil when it is null.
    @inlinable
    public func withValue<R>(_ row: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard isPresent(row) else { return try body(nil) }
        if isDictionaryEncoded { return try dictionary.withEntry(Int(codes[row])) { try body($0) } }
        if isWideDictionaryEncoded { return try dictionary.withEntry(Int(wideCodes[row])) { try body($0) } }
        if let letters = guidLetters { return try Self.withGUIDText(bytes, row: row, letters: letters, body) }
        if let rowsOf { return try rowsOf.base.pointee.withValue(Int(rowsOf.rows[row]), body) }
        let start = row == 0 ? 0 : Int(ends[row - 1])
        let end = Int(ends[row])
        return try bytes.withBytes { raw in try body(UnsafeRawBufferPointer(rebasing: raw[start..<end])) }
    }

    /// `isPresent` on the column at `column`, read in place (a call on an array element may copy the whole
    /// column value first: a retain and release of each buffer).
    @inlinable
    static func isPresent(at column: UnsafePointer<TableColumn>, row: Int) -> Bool {
        column.pointee.present[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// `withValue` on the column at `column`, read in place.
    @inlinable
    static func withValue<R>(at shown: UnsafePointer<TableColumn>, row shownRow: Int, _ body: (UnsafeRawBufferPointer?) throws -> R)
        rethrows -> R
    {
        guard isPresent(at: shown, row: shownRow) else { return try body(nil) }
        // A column of rows of another is read there, through the same one call of `body`.
        var column = shown
        var row = shownRow
        if let rowsOf = column.pointee.rowsOf {
            row = Int(rowsOf.rows[row])
            column = UnsafePointer(rowsOf.base)
        }
        if let letters = column.pointee.guidLetters { return try withGUIDText(column.pointee.bytes, row: row, letters: letters, body) }
        // One call of `body` for both other forms, so that it is inlined once.
        let base: UnsafeRawPointer
        let start: Int
        let end: Int
        if column.pointee.isDictionaryEncoded || column.pointee.isWideDictionaryEncoded {
            let code = column.pointee.isDictionaryEncoded ? Int(column.pointee.codes[row]) : Int(column.pointee.wideCodes[row])
            base = column.pointee.dictionary.bytes.baseAddress
            start = code == 0 ? 0 : Int(column.pointee.dictionary.ends[code - 1])
            end = Int(column.pointee.dictionary.ends[code])
        } else {
            base = column.pointee.bytes.baseAddress
            start = row == 0 ? 0 : Int(column.pointee.ends[row - 1])
            end = Int(column.pointee.ends[row])
        }
        return try body(UnsafeRawBufferPointer(start: base + start, count: end - start))
    }

    /// Calls `body` with the text of row `row`'s GUID in `bytes` (a GUID column's).
    @inlinable
    static func withGUIDText<R>(
        _ bytes: ByteStore, row: Int, letters: GUIDText.Letters, _ body: (UnsafeRawBufferPointer?) throws -> R
    ) rethrows -> R {
        try withUnsafeTemporaryAllocation(byteCount: GUIDText.textCount, alignment: 8) { text in
            GUIDText.write(bytes.baseAddress + row * GUIDText.byteCount, letters: letters, into: text)
            return try body(UnsafeRawBufferPointer(text))
        }
    }

    /// The dictionary code of row `row`'s value in the column at `column`: two rows with the same code hold the
    /// same value. Nil when the row is null or the column is plain (its rows have no codes).
    @inlinable
    static func dictionaryCode(at column: UnsafePointer<TableColumn>, row: Int) -> Int? {
        column.pointee.isDictionaryEncoded && isPresent(at: column, row: row) ? Int(column.pointee.codes[row]) : nil
    }

    /// Row `row`'s value as text, or nil when it is null.
    public func value(_ row: Int) -> String? {
        withValue(row) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Reserves room for `rows` more values.
    public mutating func reserve(rows: Int) {
        expectedRows = count + rows
        if rowsOf != nil {
            return
        } else if isDictionaryEncoded {
            codes.reserveCapacity(expectedRows)
        } else if isWideDictionaryEncoded {
            wideCodes.reserveCapacity(expectedRows)
        } else if guidLetters != nil {
            bytes.reserve(expectedRows * GUIDText.byteCount)
        } else {
            ends.reserveCapacity(expectedRows)
        }
        present.reserveCapacity(expectedRows / 64 + 1)
    }

    /// Gives back the spare capacity the column's buffers grew with as it was built (each buffer is copied once
    /// to its exact size): for a column that is kept while its table is not.
    public mutating func shrinkToFit() {
        Self.shrink(&codes)
        Self.shrink(&wideCodes)
        dictionary.dropLookup()
        bytes.shrinkToFit()
        Self.shrink(&ends)
        Self.shrink(&present)
    }

    private static func shrink<Element>(_ array: inout [Element]) {
        guard array.capacity > array.count else { return }
        var exact: [Element] = []
        exact.reserveCapacity(array.count)
        exact.append(contentsOf: array)
        array = exact
    }

    /// Shares the storage of `other` when it holds the same values (a CMT record's `@id` and its primary id
    /// field), so that the bytes are held once.
    /// - Returns: whether the storage is now shared.
    @discardableResult
    public mutating func shareStorage(withEqualColumn other: TableColumn) -> Bool {
        guard count == other.count, byteCount == other.byteCount, hasEqualValues(other) else { return false }
        (isDictionaryEncoded, isWideDictionaryEncoded, guidLetters, rowsOf, codes, wideCodes, dictionary, bytes, ends, present) =
            (
                other.isDictionaryEncoded, other.isWideDictionaryEncoded, other.guidLetters, other.rowsOf, other.codes,
                other.wideCodes, other.dictionary, other.bytes, other.ends, other.present
            )
        return true
    }

    /// The column's values as it holds them (`TableColumnImage`): its buffers shared as they are, not copied; a column
    /// of rows of another's in the plain form, written out.
    /// - Throws: `AirlockError(.limitExceeded)` when such a column's text would pass 4 GiB.
    public var image: TableColumnImage {
        get throws {
            guard rowsOf == nil else {
                var plain = self
                try plain.becomePlain()
                return try plain.image
            }
            return imageAsHeld
        }
    }

    /// The image of a dictionary (of either size), GUID or plain column.
    private var imageAsHeld: TableColumnImage {
        let coded = isDictionaryEncoded || isWideDictionaryEncoded
        return TableColumnImage(
            name: name, count: count, present: present, codes: isDictionaryEncoded ? codes : nil,
            wideCodes: isWideDictionaryEncoded ? wideCodes : nil, dictionaryBytes: coded ? dictionary.bytes.bytes : [],
            dictionaryEnds: coded ? dictionary.ends : [], bytes: coded ? ByteStore(capacity: 0) : bytes, ends: coded ? [] : ends,
            guidLetters: guidLetters)
    }

    /// The column an image holds, its buffers taken as they are (a dictionary's values checked distinct; its lookup
    /// table is made again by the first value appended).
    /// - Throws: `AirlockError(.io)` when the image is no column's (`TableColumnImage.problem`).
    public init(image: TableColumnImage) throws {
        if let problem = image.problem { throw AirlockError(.io, "column \(image.name) is damaged: \(problem)") }
        name = image.name
        count = image.count
        present = image.present
        expectedRows = image.count
        if let letters = image.guidLetters {
            isDictionaryEncoded = false
            guidLetters = letters
            bytes = image.bytes
            return
        }
        if let codes = image.codes {
            self.codes = codes
        } else if let wideCodes = image.wideCodes {
            isDictionaryEncoded = false
            isWideDictionaryEncoded = true
            self.wideCodes = wideCodes
            dictionary = ColumnDictionary(size: .wide)
        } else {
            isDictionaryEncoded = false
            bytes = image.bytes
            ends = image.ends
            return
        }
        dictionary.reserve(entries: image.dictionaryEnds.count, byteCount: image.dictionaryBytes.count)
        var start = 0
        for (entry, end) in image.dictionaryEnds.enumerated() {
            let code = image.dictionaryBytes.withUnsafeBytes { dictionary.code(of: UnsafeRawBufferPointer(rebasing: $0[start..<Int(end)])) }
            guard code == entry else {
                throw AirlockError(.io, "column \(image.name) is damaged: its dictionary holds a value twice or too many")
            }
            start = Int(end)
        }
        dictionary.dropLookup()
    }

    /// Leaves the dictionary form at `value`, a distinct value it has no room for: for the GUID form when every value
    /// held and `value` are GUIDs of one case, else for the plain form.
    private mutating func leaveDictionary(for value: UnsafeRawBufferPointer) throws {
        var entries = [UInt8](repeating: 0, count: (dictionary.count + 1) * GUIDText.byteCount)
        let letters = entries.withUnsafeMutableBytes { entries -> GUIDText.Letters? in
            var letters = GUIDText.Letters.none
            for code in 0...dictionary.count {
                let slot = UnsafeMutableRawBufferPointer(rebasing: entries[(code * GUIDText.byteCount)...])
                let found =
                    code < dictionary.count
                    ? dictionary.withEntry(code) { GUIDText.parse($0, into: slot) } : GUIDText.parse(value, into: slot)
                guard let found, let joined = letters.joined(with: found) else { return nil }
                letters = joined
            }
            return letters
        }
        guard let letters else { return becomeWide() }
        var guids = ByteStore(capacity: Swift.max(expectedRows, count + 1) * GUIDText.byteCount)
        let null = [UInt8](repeating: 0, count: GUIDText.byteCount)
        entries.withUnsafeBytes { entries in
            null.withUnsafeBytes { null in
                for row in 0..<count {
                    let start = Int(codes[row]) * GUIDText.byteCount
                    guids.append(isPresent(row) ? UnsafeRawBufferPointer(rebasing: entries[start..<(start + GUIDText.byteCount)]) : null)
                }
            }
        }
        bytes = guids
        guidLetters = letters
        codes = []
        dictionary = ColumnDictionary()
        isDictionaryEncoded = false
    }

    /// Leaves the dictionary form for the wide one: the same values, the codes two bytes wide.
    private mutating func becomeWide() {
        var wide: [UInt16] = []
        wide.reserveCapacity(Swift.max(expectedRows, count + 1))
        for code in codes { wide.append(UInt16(code)) }
        wideCodes = wide
        codes = []
        dictionary = dictionary.widened()
        isDictionaryEncoded = false
        isWideDictionaryEncoded = true
    }

    /// Rows before a wide dictionary is judged by how its values repeat.
    static let wideDictionaryTrialRows = 4096

    /// Appends `value` to a wide dictionary column (code 0 for a null); false, with nothing appended, when the
    /// dictionary is full or holds more distinct values than half the rows past the first 4,096 (values that do
    /// not repeat cost less plain).
    @inline(never)
    private mutating func appendWide(_ value: UnsafeRawBufferPointer?) -> Bool {
        guard let value else {
            wideCodes.append(0)
            return true
        }
        guard let code = dictionary.code(of: value) else { return false }
        if dictionary.count > Self.wideDictionaryTrialRows, 2 * dictionary.count > count + 1 { return false }
        wideCodes.append(UInt16(truncatingIfNeeded: code))
        return true
    }

    /// Appends `value` to a GUID column whose letters are `letters` (16 zero bytes for a null); false, with nothing
    /// appended, when it is no GUID or of the other case.
    @inline(never)
    private mutating func appendGUID(_ value: UnsafeRawBufferPointer?, letters: GUIDText.Letters) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: GUIDText.byteCount, alignment: 8) { guid in
            guard let value else {
                guid.initializeMemory(as: UInt8.self, repeating: 0)
                bytes.append(UnsafeRawBufferPointer(guid))
                return true
            }
            guard let found = GUIDText.parse(value, into: guid), let joined = letters.joined(with: found) else { return false }
            bytes.append(UnsafeRawBufferPointer(guid))
            guidLetters = joined
            return true
        }
    }

    /// Rewrites the rows held so far in the plain form, for good.
    private mutating func becomePlain() throws {
        var plain = ByteStore(capacity: guidLetters == nil ? 0 : count * GUIDText.textCount)
        var offsets: [UInt32] = []
        offsets.reserveCapacity(Swift.max(expectedRows, count + 1))
        for row in 0..<count {
            withValue(row) { value in if let value { plain.append(value) } }
            guard plain.count <= Int(UInt32.max) else {
                throw AirlockError(.limitExceeded, "column \(name) holds more than 4 GiB of text; split the entity file")
            }
            offsets.append(UInt32(truncatingIfNeeded: plain.count))
        }
        bytes = plain
        ends = offsets
        codes = []
        wideCodes = []
        dictionary = ColumnDictionary()
        isDictionaryEncoded = false
        isWideDictionaryEncoded = false
        guidLetters = nil
        rowsOf = nil
    }

    private func hasEqualValues(_ other: TableColumn) -> Bool {
        if !isDictionaryEncoded, !other.isDictionaryEncoded, !isWideDictionaryEncoded, !other.isWideDictionaryEncoded,
            guidLetters == other.guidLetters, rowsOf == nil, other.rowsOf == nil
        {
            return bytes == other.bytes && ends == other.ends && present == other.present
        }
        for row in 0..<count {
            let same = withValue(row) { mine in
                other.withValue(row) { theirs in
                    guard let mine, let theirs else { return mine == nil && theirs == nil }
                    return mine.elementsEqual(theirs)
                }
            }
            if !same { return false }
        }
        return true
    }
}

extension TableColumn: Equatable {
    /// Same name and the same values row by row, whichever form each column is in.
    public static func == (lhs: TableColumn, rhs: TableColumn) -> Bool {
        lhs.name == rhs.name && lhs.count == rhs.count && lhs.hasEqualValues(rhs)
    }
}
