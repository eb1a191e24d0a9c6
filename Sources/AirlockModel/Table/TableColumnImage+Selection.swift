extension TableColumnImage {
    /// Rows `rows` of this column (each within its rows), in that order, in the same form: a dictionary's values cut
    /// to those the rows use, numbered by first use (a wide one's in one byte when they fit a narrow dictionary), a GUID
    /// or plain column's rows copied. What a column built from those rows' values would hold, without decoding one:
    /// the partition's join cuts a table into its parts with it.
    public func selecting(rows: [Int]) -> TableColumnImage {
        var present = [UInt64](repeating: 0, count: (rows.count + 63) / 64)
        for (row, from) in rows.enumerated() where isPresent(from) { present[row >> 6] |= 1 << UInt64(row & 63) }
        var selected = TableColumnImage(
            name: name, count: rows.count, present: present, codes: nil, dictionaryBytes: [], dictionaryEnds: [],
            bytes: ByteStore(capacity: 0), ends: [], guidLetters: guidLetters)
        if let codes {
            let cut = cutDictionary(rows: rows) { Int(codes[$0]) }
            selected.codes = cut.codes.map { UInt8(truncatingIfNeeded: $0) }
            (selected.dictionaryBytes, selected.dictionaryEnds) = (cut.bytes, cut.ends)
        } else if let wideCodes {
            let cut = cutDictionary(rows: rows) { Int(wideCodes[$0]) }
            if cut.ends.count <= 256, cut.bytes.count <= 64 * 1024 {
                selected.codes = cut.codes.map { UInt8(truncatingIfNeeded: $0) }
            } else {
                selected.wideCodes = cut.codes
            }
            (selected.dictionaryBytes, selected.dictionaryEnds) = (cut.bytes, cut.ends)
        } else if guidLetters != nil {
            selected.bytes = ByteStore(capacity: rows.count * GUIDText.byteCount)
            bytes.withBytes { guids in
                for row in rows {
                    let start = row * GUIDText.byteCount
                    selected.bytes.append(UnsafeRawBufferPointer(rebasing: guids[start..<(start + GUIDText.byteCount)]))
                }
            }
        } else {
            (selected.bytes, selected.ends) = plainRows(rows)
        }
        return selected
    }

    private func isPresent(_ row: Int) -> Bool { present[row >> 6] & (1 << UInt64(row & 63)) != 0 }

    /// The dictionary entries that `rows` use (`code` gives a row's), numbered by first use, and each row's new code
    /// (0 for a null).
    private func cutDictionary(rows: [Int], code: (Int) -> Int) -> (codes: [UInt16], bytes: [UInt8], ends: [UInt32]) {
        var newCode = [Int32](repeating: -1, count: dictionaryEnds.count)
        var codes = [UInt16](repeating: 0, count: rows.count)
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        for (row, from) in rows.enumerated() where isPresent(from) {
            let old = code(from)
            if newCode[old] < 0 {
                newCode[old] = Int32(ends.count)
                let start = old == 0 ? 0 : Int(dictionaryEnds[old - 1])
                bytes.append(contentsOf: dictionaryBytes[start..<Int(dictionaryEnds[old])])
                ends.append(UInt32(bytes.count))
            }
            codes[row] = UInt16(newCode[old])
        }
        return (codes, bytes, ends)
    }

    /// A plain column's `rows`: their values end to end, and each one's end.
    private func plainRows(_ rows: [Int]) -> (ByteStore, [UInt32]) {
        var length = 0
        for row in rows { length += Int(ends[row]) - (row == 0 ? 0 : Int(ends[row - 1])) }
        var values = ByteStore(capacity: length)
        var selectedEnds: [UInt32] = []
        selectedEnds.reserveCapacity(rows.count)
        bytes.withBytes { all in
            for row in rows {
                values.append(UnsafeRawBufferPointer(rebasing: all[(row == 0 ? 0 : Int(ends[row - 1]))..<Int(ends[row])]))
                selectedEnds.append(UInt32(truncatingIfNeeded: values.count))
            }
        }
        return (values, selectedEnds)
    }
}
