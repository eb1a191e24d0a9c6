import AirlockModel

/// Decodes and canonicalises `data.xml` values per CMT field type (reference section 4).
///
/// Tables hold the canonical text this codec produces:
/// - `string`: HTML-decoded once more after XML decoding (CMT's exporter HTML-encodes string values);
/// - `guid` and lookups (`entityreference`, `owner`, `customer`, `lookup`): lower case `8-4-4-4-12`; braces,
///   parentheses, upper case and the 32-digit form are accepted;
/// - `number`, `optionsetvalue`, `state`, `status`: a 32-bit integer; `bigint`: 64-bit; no `+`, no leading zeros;
/// - `decimal`, `money`: invariant decimal kept at the scale written (`1.2500000000` stays so; never through
///   `Double`); `float` also takes an exponent and `NaN`/`Infinity`/`-Infinity`; a leading `+` is dropped and a
///   bare leading `.` gets a `0`;
/// - `bool`: `True`/`False` (accepts any case of true/false, and 1/0);
/// - `datetime`: see `CMTDateTime` (seven fractional digits, `Z`/offset/none kept);
/// - `optionsetvaluecollection`: `[-1,a,b,-1]` (the `-1` sentinels added when missing, order kept);
/// - `imagedata`, `filedata`, `partylist`, `unknown` and unrecognised types: kept as written.
///
/// Surrounding whitespace is ignored for every type but the ones kept as written and `string`.
public enum CMTValueCodec {
    /// Decodes a value read from a `value` attribute (already XML-decoded) to its canonical text.
    /// - Throws: `AirlockError(.invalidValue)` (without a location) naming the value and the type.
    public static func decode(_ text: String, as type: CMTFieldType) throws -> String {
        try run(text, type, reading: true)
    }

    /// Appends the canonical text of a value read from a `value` attribute to `output`, as `decode(_:as:)` gives it;
    /// false (and `output` in an unspecified state) when the value does not decode as `type`.
    public static func decode(_ input: UnsafeRawBufferPointer, as type: CMTFieldType, into output: inout [UInt8]) -> Bool {
        (try? transform(type, input, reading: true, into: &output)) != nil
    }

    /// The canonical text of a value about to be written (strings are unchanged: the writer HTML-encodes them).
    /// - Throws: `AirlockError(.invalidValue)` (without a location) naming the value and the type.
    public static func canonical(_ text: String, as type: CMTFieldType) throws -> String {
        try run(text, type, reading: false)
    }

    /// Appends the canonical bytes of a value about to be written to `output`, as `canonical(_:as:)` does for
    /// text; false (and `output` in an unspecified state) when the value is not valid for `type`.
    public static func canonical(_ input: UnsafeRawBufferPointer, as type: CMTFieldType, into output: inout [UInt8]) -> Bool {
        (try? transform(type, input, reading: false, into: &output)) != nil
    }

    /// Decodes HTML character references the way .NET's `WebUtility.HtmlDecode` does: the HTML 4 named
    /// references plus `&apos;`, and every `&#NNN;` / `&#xHH;`; anything else is left as written.
    public static func htmlDecode(_ text: String) -> String {
        var text = text
        return text.withUTF8 { buffer in
            var output: [UInt8] = []
            htmlDecode(UnsafeRawBufferPointer(buffer), into: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static func run(_ text: String, _ type: CMTFieldType, reading: Bool) throws -> String {
        var text = text
        var output: [UInt8] = []
        do {
            try text.withUTF8 { try transform(type, UnsafeRawBufferPointer($0), reading: reading, into: &output) }
        } catch let problem as CMTValueProblem {
            throw AirlockError(.invalidValue, "'\(text)' is not a valid \(type.rawValue) value: \(problem.reason)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the canonical form of `input` to `output`; `type` nil (a field the schema does not declare) keeps
    /// the text as written. With `reading`, strings are HTML-decoded.
    /// - Throws: `CMTValueProblem` with the reason.
    static func transform(_ type: CMTFieldType?, _ input: UnsafeRawBufferPointer, reading: Bool, into output: inout [UInt8]) throws {
        guard let type else {
            output.append(contentsOf: input)
            return
        }
        switch type {
        case .string:
            if reading { htmlDecode(input, into: &output) } else { output.append(contentsOf: input) }
        case .partyList, .imageData, .fileData, .unknown, .other:
            output.append(contentsOf: input)
        case .guid, .entityReference, .owner, .lookup, .customer:
            try guid(trimmed(input), into: &output)
        case .number, .optionSetValue, .state, .status:
            try integer(trimmed(input), bits: 32, into: &output)
        case .bigint:
            try integer(trimmed(input), bits: 64, into: &output)
        case .decimal, .money:
            try decimal(trimmed(input), allowExponent: false, into: &output)
        case .float:
            try decimal(trimmed(input), allowExponent: true, into: &output)
        case .bool:
            try bool(trimmed(input), into: &output)
        case .datetime:
            try CMTDateTime.parse(input).writeISO(into: &output)
        case .optionSetValueCollection:
            try optionSetCollection(trimmed(input), into: &output)
        }
    }

    private static func trimmed(_ input: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer { ASCII.trimmed(input) }

    // MARK: GUID

    /// The 128 bits of a GUID value as a `guid` field decodes it (surrounding whitespace ignored, any of .NET's forms,
    /// any case), or nil when it is not one.
    public static func guidValue(_ input: UnsafeRawBufferPointer) -> (high: UInt64, low: UInt64)? {
        guidBytes(trimmed(input)).map { (high: $0.0, low: $0.1) }
    }

    /// The canonical text of the GUID `high`, `low` (lower case `8-4-4-4-12`).
    public static func guidText(high: UInt64, low: UInt64) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(36)
        writeGUID(high, low, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The 16 bytes of a GUID written in any of .NET's forms (`D`, `N`, `B`, `P`), or nil.
    static func guidBytes(_ input: UnsafeRawBufferPointer) -> (UInt64, UInt64)? {
        var bytes = input
        if bytes.count == 38, (bytes[0] == 0x7B && bytes[37] == 0x7D) || (bytes[0] == 0x28 && bytes[37] == 0x29) {
            bytes = UnsafeRawBufferPointer(rebasing: bytes[1..<37])
        }
        // Eight digits at a time (`HexWord`); any byte that is no digit makes it no GUID.
        let words: (UInt64, UInt64, UInt64, UInt64)
        switch bytes.count {
        case 36:
            guard bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D else { return nil }
            words = (
                HexWord.word(bytes, at: 0), HexWord.word(bytes, fours: 9, 14), HexWord.word(bytes, fours: 19, 24),
                HexWord.word(bytes, at: 28)
            )
        case 32:
            words = (HexWord.word(bytes, at: 0), HexWord.word(bytes, at: 8), HexWord.word(bytes, at: 16), HexWord.word(bytes, at: 24))
        default:
            return nil
        }
        let first = HexWord.value(words.0)
        let second = HexWord.value(words.1)
        let third = HexWord.value(words.2)
        let fourth = HexWord.value(words.3)
        guard (first.seen | second.seen | third.seen | fourth.seen) & HexWord.notDigitSeen == 0 else { return nil }
        return (UInt64(first.value) << 32 | UInt64(second.value), UInt64(third.value) << 32 | UInt64(fourth.value))
    }

    private static func guid(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws {
        // Most GUIDs are already canonical (every one this tool writes is): copied, not parsed and rewritten.
        if isCanonicalGUID(input) {
            output.append(contentsOf: input)
            return
        }
        guard let (high, low) = guidBytes(input) else {
            throw CMTValueProblem("expected a GUID such as 982dff41-9bba-4e46-a1e3-127424034240")
        }
        writeGUID(high, low, into: &output)
    }

    /// Whether values of `type` are GUIDs (canonicalised by `guid(_:into:)`).
    static func isGUIDType(_ type: CMTFieldType) -> Bool {
        switch type {
        case .guid, .entityReference, .owner, .lookup, .customer: true
        default: false
        }
    }

    /// Whether `bytes` is a GUID in the canonical form `writeGUID` writes: 36 characters, lowercase hex digits,
    /// hyphens after the 8th, 12th, 16th and 20th digit (`GUIDText.isCanonical`).
    public static func isCanonicalGUID(_ bytes: UnsafeRawBufferPointer) -> Bool { GUIDText.isCanonical(bytes) }

    static func writeGUID(_ high: UInt64, _ low: UInt64, into output: inout [UInt8]) {
        withUnsafeTemporaryAllocation(byteCount: GUIDText.byteCount + GUIDText.textCount, alignment: 8) { scratch in
            guard let base = scratch.baseAddress else { return }
            scratch.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            scratch.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
            let text = UnsafeMutableRawBufferPointer(rebasing: scratch[GUIDText.byteCount...])
            GUIDText.write(UnsafeRawPointer(base), letters: .lower, into: text)
            output.append(contentsOf: UnsafeRawBufferPointer(text))
        }
    }

    // MARK: numbers

    private static func integer(_ input: UnsafeRawBufferPointer, bits: Int, into output: inout [UInt8]) throws {
        var cursor = CMTByteCursor(input)
        let negative = cursor.take(0x2D)
        if !negative { _ = cursor.take(0x2B) }
        let digitsStart = cursor.index
        var magnitude: UInt64 = 0
        let limit: UInt64 =
            bits == 32 ? (negative ? 2_147_483_648 : 2_147_483_647) : (negative ? 9_223_372_036_854_775_808 : 9_223_372_036_854_775_807)
        while let byte = cursor.peek(), byte >= 0x30, byte <= 0x39 {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - 0x30))
            guard !overflow1, !overflow2, sum <= limit else {
                throw CMTValueProblem("the number is outside the \(bits)-bit integer range")
            }
            magnitude = sum
            cursor.index += 1
        }
        guard cursor.index > digitsStart, cursor.atEnd else { throw CMTValueProblem("expected a whole number such as 42 or -7") }
        if negative && magnitude != 0 { output.append(0x2D) }
        let first = output.count
        repeat {
            output.append(UInt8(48 + magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[first...].reverse()
    }

    private static func decimal(_ input: UnsafeRawBufferPointer, allowExponent: Bool, into output: inout [UInt8]) throws {
        if allowExponent, let first = input.first, first < 0x30 || first > 0x39, let special = floatSpecial(input) {
            output.append(contentsOf: special.utf8)
            return
        }
        var cursor = CMTByteCursor(input)
        let negative = cursor.take(0x2D)
        let plus = !negative && cursor.take(0x2B)
        let integerStart = cursor.index
        while let byte = cursor.peek(), byte >= 0x30, byte <= 0x39 { cursor.index += 1 }
        var integerPart = UnsafeRawBufferPointer(rebasing: input[integerStart..<cursor.index])
        var fractionPart = UnsafeRawBufferPointer(rebasing: input[cursor.index..<cursor.index])
        let point = cursor.take(0x2E)
        if point {
            let fractionStart = cursor.index
            while let byte = cursor.peek(), byte >= 0x30, byte <= 0x39 { cursor.index += 1 }
            fractionPart = UnsafeRawBufferPointer(rebasing: input[fractionStart..<cursor.index])
        }
        let example = allowExponent ? "1.125 or 1E-05" : "1.2500000000"
        guard integerPart.count + fractionPart.count > 0 else {
            throw CMTValueProblem("expected an invariant-culture number such as \(example)")
        }
        var exponent = UnsafeRawBufferPointer(rebasing: input[cursor.index..<cursor.index])
        if allowExponent, let byte = cursor.peek(), byte == 0x45 || byte == 0x65 {
            let exponentStart = cursor.index
            cursor.index += 1
            if !cursor.take(0x2B) { _ = cursor.take(0x2D) }
            guard cursor.digits(max: 4) != nil else { throw CMTValueProblem("expected digits after the exponent") }
            exponent = UnsafeRawBufferPointer(rebasing: input[exponentStart..<cursor.index])
        }
        guard cursor.atEnd else {
            throw CMTValueProblem("expected an invariant-culture number such as \(example) (no thousands separators)")
        }
        // Most values are canonical as they are (no sign `+`, no leading zero, digits on both sides of a point):
        // one copy.
        if !plus, !integerPart.isEmpty, integerPart.count == 1 || integerPart[0] != 0x30, !point || !fractionPart.isEmpty {
            output.append(contentsOf: input)
            return
        }
        // Leading zeros carry no scale: drop them, keeping one before the point.
        while integerPart.count > 1, integerPart[0] == 0x30 {
            integerPart = UnsafeRawBufferPointer(rebasing: integerPart[1...])
        }
        if negative { output.append(0x2D) }
        if integerPart.isEmpty { output.append(0x30) } else { output.append(contentsOf: integerPart) }
        if !fractionPart.isEmpty {
            output.append(0x2E)
            output.append(contentsOf: fractionPart)
        }
        output.append(contentsOf: exponent)
    }

    private static func floatSpecial(_ input: UnsafeRawBufferPointer) -> String? {
        guard input.count >= 3, input.count <= 9 else { return nil }
        let lowered = String(decoding: input, as: UTF8.self).lowercased()
        switch lowered {
        case "nan": return "NaN"
        case "infinity", "+infinity", "∞": return "Infinity"
        case "-infinity", "-∞": return "-Infinity"
        default: return nil
        }
    }

    // MARK: bool, option set collection

    private static func bool(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws {
        func equalsIgnoringCase(_ word: StaticString) -> Bool {
            guard input.count == word.utf8CodeUnitCount else { return false }
            return word.withUTF8Buffer { expected in
                zip(input, expected).allSatisfy { $0 | 0x20 == $1 }
            }
        }
        if equalsIgnoringCase("true") || (input.count == 1 && input[0] == 0x31) {
            output.append(contentsOf: "True".utf8)
        } else if equalsIgnoringCase("false") || (input.count == 1 && input[0] == 0x30) {
            output.append(contentsOf: "False".utf8)
        } else {
            throw CMTValueProblem("expected True or False")
        }
    }

    private static func optionSetCollection(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws {
        var body = input
        if body.count >= 2, body[0] == 0x5B, body[body.count - 1] == 0x5D {
            body = UnsafeRawBufferPointer(rebasing: body[1..<(body.count - 1)])
        }
        var values: [[UInt8]] = []
        var start = 0
        let problem = "expected option values in CMT's form [-1,100000000,100000001,-1]"
        if !trimmed(body).isEmpty {
            for index in 0...body.count where index == body.count || body[index] == 0x2C {
                var value: [UInt8] = []
                do {
                    try integer(trimmed(UnsafeRawBufferPointer(rebasing: body[start..<index])), bits: 32, into: &value)
                } catch {
                    throw CMTValueProblem(problem)
                }
                values.append(value)
                start = index + 1
            }
        }
        let sentinel: [UInt8] = [0x2D, 0x31]
        if values.count >= 2, values.first == sentinel, values.last == sentinel {
            values.removeFirst()
            values.removeLast()
        }
        output.append(contentsOf: "[-1,".utf8)
        for value in values {
            output.append(contentsOf: value)
            output.append(0x2C)
        }
        output.append(contentsOf: "-1]".utf8)
    }

    // MARK: HTML

    static func htmlDecode(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        guard input.contains(0x26) else {
            output.append(contentsOf: input)
            return
        }
        var index = 0
        let count = input.count
        while index < count {
            let byte = input[index]
            guard byte == 0x26, let (scalar, length) = characterReference(input, at: index) else {
                output.append(byte)
                index += 1
                continue
            }
            appendUTF8(scalar, to: &output)
            index += length
        }
    }

    /// The character a reference at `start` (an `&`) stands for and the reference's length in bytes.
    private static func characterReference(_ input: UnsafeRawBufferPointer, at start: Int) -> (UInt32, Int)? {
        var end = start + 1
        let limit = min(input.count, start + 34)
        while end < limit, input[end] != 0x3B { end += 1 }
        guard end < limit, end > start + 1 else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: input[(start + 1)..<end])
        if body[0] == 0x23 {
            var value: UInt32 = 0
            let hex = body.count > 1 && (body[1] == 0x78 || body[1] == 0x58)
            let digits = body[(hex ? 2 : 1)...]
            guard !digits.isEmpty, digits.count <= 8 else { return nil }
            for byte in digits {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
                case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
                default: return nil
                }
                value = value * (hex ? 16 : 10) + digit
            }
            guard value > 0, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
            return (value, end - start + 1)
        }
        guard let scalar = CMTHTMLEntities.codePoints[String(decoding: body, as: UTF8.self)] else { return nil }
        return (scalar, end - start + 1)
    }

    private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            output.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
