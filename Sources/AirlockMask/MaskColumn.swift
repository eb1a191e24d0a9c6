/// One column of a table being masked: its method (nil: left clear), its length in the catalog, the masks made
/// so far (each distinct value masked once) and what it did for the report.
struct MaskColumn {
    let name: String
    let method: MaskMethod?
    let maxLength: Int?
    /// Whether a clear column is read for values that look personal (text columns that are not keys).
    let scanned: Bool
    /// A 64-bit digest of each distinct value seen (for the count of distinct values; the masks themselves are not
    /// kept: the replacer remembers the words it drew, which is where the time goes).
    private var seen: Set<UInt64> = []
    private(set) var entry: MaskReport.Column?
    /// Clear values that look like an e-mail address or a phone number.
    private(set) var personalLooking = 0

    init(name: String, side: String, entity: String, method: MaskMethod?, maxLength: Int?, scanned: Bool) {
        self.name = name
        self.method = method
        self.maxLength = maxLength
        self.scanned = scanned
        entry = method.map {
            MaskReport.Column(
                side: side, entity: entity, column: name, method: $0.rawValue, masked: 0, distinct: 0, shortened: 0, lengthened: 0,
                unchanged: 0)
        }
    }

    /// `value` masked by the column's method and cut to its length (an empty value stays empty).
    mutating func mask(_ value: String, with replacer: MaskReplacer) -> String {
        // A part of a date is masked with its group (`MaskTable`), which counts it.
        guard let method, method != .dateParts, !value.isEmpty else { return value }
        let isNew = count(value)
        var result = method.apply(value, with: replacer)
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

    /// Counts a clear value that looks personal (only in a scanned column).
    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        guard scanned, Masker.mightLookPersonal(bytes), Masker.looksPersonal(String(decoding: bytes, as: UTF8.self)) else { return }
        personalLooking += 1
    }
}
