import AirlockModel

/// How `convert --assign-keys` spells the key it gives a Sales record that has none.
///
/// - `p2c`: the Prospect to cash solution's own form, `PREFIX-<running number>-<six letters>` (`ACC-01000-BVRCPS` for
///   accounts, `CON-01000-BVRCPS` for contacts): the number zero-padded to five digits (more when it outgrows them),
///   from 01000 as in Microsoft's documented example; the six letters derived from the record's GUID, so that the
///   same record gets the same letters in every run (the solution draws them at random).
/// - a numbered pattern: literal text around one `{digits}` placeholder, `C{000001}` or `CUS-{00001}-S`; the digits
///   give the width (zero-padded) and the first number.
struct KeyPattern: Hashable, Sendable, CustomStringConvertible {
    enum Form: Hashable, Sendable {
        case p2c(prefix: String)
        case numbered(prefix: String, width: Int, start: Int, suffix: String)
    }

    let form: Form

    /// The text the pattern was given as (`p2c` or the pattern itself).
    let text: String

    /// The digits of a `p2c` number before it outgrows them, and its first number.
    static let p2cWidth = 5
    static let p2cStart = 1000
    /// The letters after a `p2c` number.
    static let p2cLetters = 6
    /// The characters a numbered pattern's literal text may hold: what every F&O key field and Sales text takes.
    static let literalCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./")

    /// The `p2c` form for records of Sales `entity`: `ACC` for accounts, `CON` for contacts, else the entity's first
    /// three letters upper-cased.
    static func p2c(entity: String) -> KeyPattern {
        let prefix: String =
            switch entity {
            case "account": "ACC"
            case "contact": "CON"
            default: String(entity.prefix(3)).uppercased()
            }
        return KeyPattern(form: .p2c(prefix: prefix), text: "p2c")
    }

    /// Parses a numbered pattern.
    /// - Throws: `AirlockError(.usage)` naming the pattern when it has no placeholder or more than one, a placeholder
    ///   that is not all digits (at most 9), or a character outside letters, digits and `- _ . /`.
    static func numbered(_ text: String) throws -> KeyPattern {
        let characters = Array(text)
        guard let open = characters.firstIndex(of: "{"), let close = characters.firstIndex(of: "}"), open < close else {
            throw AirlockError(
                .usage,
                "--assign-keys pattern '\(text)' has no {digits} placeholder: write the running number as {000001} (its width and first number)"
            )
        }
        let digits = String(characters[(open + 1)..<close])
        let prefix = String(characters[..<open])
        let suffix = String(characters[(close + 1)...])
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let start = Int(digits) else {
            throw AirlockError(
                .usage,
                "--assign-keys pattern '\(text)': the placeholder {\(digits)} takes 1 to 9 digits, its width and first number ({000001})")
        }
        if prefix.contains("{") || suffix.contains("{") || suffix.contains("}") {
            throw AirlockError(.usage, "--assign-keys pattern '\(text)' has more than one placeholder; it takes one {digits}")
        }
        if let bad = (prefix + suffix).first(where: { !literalCharacters.contains($0) }) {
            throw AirlockError(
                .usage, "--assign-keys pattern '\(text)' holds '\(bad)'; around the placeholder a pattern takes letters, digits and - _ . /"
            )
        }
        return KeyPattern(form: .numbered(prefix: prefix, width: digits.count, start: start, suffix: suffix), text: text)
    }

    var description: String { text }

    /// The first running number this pattern gives.
    var firstNumber: Int {
        switch form {
        case .p2c: Self.p2cStart
        case .numbered(_, _, let start, _): start
        }
    }

    /// The highest running number the pattern can write; nil: no limit (`p2c` grows past five digits).
    var lastNumber: Int? {
        switch form {
        case .p2c: nil
        case .numbered(_, let width, _, _): (0..<width).reduce(1) { value, _ in value * 10 } - 1
        }
    }

    /// The key with running number `number` for the record with GUID `recordID`.
    func key(number: Int, recordID: String) -> String {
        switch form {
        case .p2c(let prefix):
            return "\(prefix)-\(Self.padded(number, to: Self.p2cWidth))-\(Self.letters(of: recordID))"
        case .numbered(let prefix, let width, _, let suffix):
            return prefix + Self.padded(number, to: width) + suffix
        }
    }

    /// The running number `key` carries when it has this pattern's form (case-insensitive), else nil.
    func number(in key: String) -> Int? {
        let text = Array(key.trimmingASCIIWhitespace().uppercased())
        switch form {
        case .p2c(let prefix):
            let head = Array(prefix.uppercased() + "-")
            guard text.count > head.count + Self.p2cLetters + 1, Array(text.prefix(head.count)) == head else { return nil }
            let tail = text.suffix(Self.p2cLetters + 1)
            guard tail.first == "-", tail.dropFirst().allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            let digits = text[head.count..<(text.count - Self.p2cLetters - 1)]
            guard digits.count >= Self.p2cWidth, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(digits))
        case .numbered(let prefix, let width, _, let suffix):
            let head = Array(prefix.uppercased())
            let tail = Array(suffix.uppercased())
            guard text.count == head.count + width + tail.count, Array(text.prefix(head.count)) == head,
                Array(text.suffix(tail.count)) == tail
            else { return nil }
            let digits = text[head.count..<(head.count + width)]
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(digits))
        }
    }

    /// `number` in decimal, zero-padded to `width` digits.
    static func padded(_ number: Int, to width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Six upper-case letters derived from a record's GUID (lower-cased, trimmed): MurmurHash3 of its text, read
    /// five bits a letter. The same GUID gives the same letters in every run and on every machine.
    static func letters(of recordID: String) -> String {
        var text = recordID.trimmingASCIIWhitespace().lowercased()
        let hash = text.withUTF8 { MurmurHash3.hash128(UnsafeRawBufferPointer($0)) }
        var bits = hash.h1 ^ (hash.h2 &* 0x9E37_79B9_7F4A_7C15)
        var letters = ""
        for _ in 0..<p2cLetters {
            letters.append(Character(Unicode.Scalar(UInt8(65 + bits % 26))))
            bits /= 26
        }
        return letters
    }
}
