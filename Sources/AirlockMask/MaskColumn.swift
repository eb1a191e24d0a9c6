/// One column of a table being masked: its method (nil: left clear), its length in the catalog, the masks made
/// so far (each distinct value masked once) and what it did for the report. A text column left clear, and one masked
/// as free text, is searched for the values masked elsewhere (`MaskPhrases`), each found replaced by its masked text.
struct MaskColumn {
    let name: String
    let method: MaskMethod?
    let maxLength: Int?
    /// Whether a clear column is read for values that look personal and searched for masked values (text columns
    /// that are not keys).
    let scanned: Bool
    /// Whether the policy keeps the column clear (`keep`): masked values found in it are counted, not replaced.
    let kept: Bool
    /// Whether only values holding a letter, and not shaped like a GUID, are searched: a column the catalog does not
    /// know, which may hold numbers, dates or record ids (a masked value of digits found in a date would break it).
    let lettersOnly: Bool
    /// The values sought inside text (empty when nothing is sought).
    private let phrases: MaskPhrases
    private var scratch = MaskPhrases.Scratch()
    /// What the search found in a clear column (nil for a masked one).
    private(set) var clearEntry: MaskReport.ClearColumn?
    /// A 64-bit digest of each distinct value seen (for the count of distinct values; the masks themselves are not
    /// kept: the replacer remembers the words it drew, which is where the time goes).
    private var seen: Set<UInt64> = []
    private(set) var entry: MaskReport.Column?
    /// Clear values that look like an e-mail address or a phone number.
    private(set) var personalLooking = 0

    init(
        name: String, side: String, entity: String, method: MaskMethod?, maxLength: Int?, scanned: Bool, kept: Bool,
        lettersOnly: Bool, phrases: MaskPhrases
    ) {
        self.lettersOnly = lettersOnly
        self.name = name
        self.method = method
        self.maxLength = maxLength
        self.scanned = scanned
        self.kept = kept
        self.phrases = phrases
        entry = method.map {
            MaskReport.Column(
                side: side, entity: entity, column: name, method: $0.rawValue, masked: 0, distinct: 0, shortened: 0, lengthened: 0,
                unchanged: 0, sought: 0)
        }
        if method == nil, scanned {
            clearEntry = MaskReport.ClearColumn(side: side, entity: entity, column: name, kept: kept, values: 0, found: 0, replaced: 0)
        }
    }

    /// `value` masked by the column's method and cut to its length (an empty value stays empty).
    mutating func mask(_ value: String, with replacer: MaskReplacer) -> String {
        // A part of a date is masked with its group (`MaskTable`), which counts it.
        guard let method, method != .dateParts, !value.isEmpty else { return value }
        let isNew = count(value)
        var result: String
        if method == .text, !phrases.isEmpty {
            // Free text: the masked values in it replaced by their masked text, the rest word by word.
            var value = value
            let found = value.withUTF8 { phrases.find(in: UnsafeRawBufferPointer($0), scratch: &scratch) }
            entry?.sought += found.count
            result = Self.replacing(found, in: value, with: replacer) { replacer.freeText($0) }
        } else {
            result = method.apply(value, with: replacer)
        }
        if let maxLength, result.count > maxLength {
            if value.count <= maxLength {
                result = String(result.prefix(maxLength))
                if isNew { entry?.shortened += 1 }
            }
        } else if let maxLength, value.count > maxLength, result.count <= maxLength, method != .blank {
            // An over-long value stays over-long, so a rehearsal refuses it as the import would (a name's replacement
            // can be shorter than the name: `Mueller` draws as `Müller` does).
            result += String(repeating: "x", count: value.count - result.count)
            if isNew { entry?.lengthened += 1 }
        }
        if result == value { entry?.unchanged += 1 }
        return result
    }

    /// Counts `value` as masked into `result` (a part of a date, masked with its group); an empty value is not.
    mutating func count(_ value: String, maskedAs result: String) {
        guard !value.isEmpty else { return }
        count(value)
        if result == value { entry?.unchanged += 1 }
    }

    /// Counts one masked value; whether it is the first of its kind.
    @discardableResult
    private mutating func count(_ value: String) -> Bool {
        entry?.masked += 1
        let isNew = seen.insert(Self.fnv1a(value)).inserted
        if isNew { entry?.distinct += 1 }
        return isNew
    }

    /// FNV-1a of `value`'s UTF-8 bytes: the same in every run (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ value: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// Reads a clear value (only in a scanned column): counts it when it looks personal, and returns it with the masked
    /// values found in it replaced by their masked text (nil when there is nothing to replace, or the policy keeps the
    /// column: then the bytes are written as read).
    mutating func scan(_ bytes: UnsafeRawBufferPointer, with replacer: MaskReplacer) -> String? {
        guard scanned, !bytes.isEmpty else { return nil }
        clearEntry?.values += 1
        if lettersOnly {
            // A column the catalog does not know: only values that hold words.
            guard Self.holdsWords(bytes) else { return nil }
        } else if Masker.mightLookPersonal(bytes), Masker.looksPersonal(String(decoding: bytes, as: UTF8.self)) {
            personalLooking += 1
        }
        let found = phrases.find(in: bytes, scratch: &scratch)
        guard !found.isEmpty else { return nil }
        clearEntry?.found += 1
        if kept { return nil }
        clearEntry?.replaced += found.count
        let text = String(decoding: bytes, as: UTF8.self)
        let replaced = Self.replacing(found, in: text, with: replacer) { $0 }
        // A replacement longer than the value (a compass abbreviation drawn as its word) kept to the column's length,
        // when the value fitted it.
        if let maxLength, replaced.count > maxLength, text.count <= maxLength { return String(replaced.prefix(maxLength)) }
        return replaced
    }

    /// Whether `bytes` hold a letter and are not a GUID (`8-4-4-4-12` hexadecimal digits).
    static func holdsWords(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D { return false }
        return bytes.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x80 }
    }

    /// `text` with each value `found` in it masked by its method, and what lies between passed through `between`.
    static func replacing(
        _ found: [MaskPhrases.Found], in text: String, with replacer: MaskReplacer, between: (String) -> String
    ) -> String {
        guard !found.isEmpty else { return between(text) }
        let bytes = Array(text.utf8)
        func piece(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        var result = ""
        var position = 0
        for value in found {
            if position < value.range.lowerBound { result += between(piece(position..<value.range.lowerBound)) }
            result += value.method.apply(piece(value.range), with: replacer)
            position = value.range.upperBound
        }
        if position < bytes.count { result += between(piece(position..<bytes.count)) }
        return result
    }
}
