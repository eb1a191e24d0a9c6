import AirlockModel
import AirlockNormalize
import Foundation

extension MaskReplacer {
    /// A postcode: its format kept (each letter a letter, each digit a digit, spaces and hyphens where they were, the
    /// case of each letter), the characters drawn from the postcode without spaces or case (`B1 9PA` and `b19pa` give
    /// one postcode); a US ZIP+4's first five digits drawn from themselves, as `match` compares them (`60678` and
    /// `60678-2726` stay one postcode).
    public func postcode(_ code: String) -> String {
        shaped(code, zipPlusFour: true, countryPrefix: false)
    }

    /// An identifier (a tax or bank number, a government id): each letter a letter and each digit a digit drawn from
    /// the whole value without spaces or case, the rest kept; a two-letter country prefix (`NL`, `DE`) kept and the
    /// rest drawn from itself, as `match` compares tax numbers (`DE 123456789` and `123456789` stay one number).
    public func token(_ value: String) -> String {
        shaped(value, zipPlusFour: false, countryPrefix: true)
    }

    private func shaped(_ code: String, zipPlusFour: Bool, countryPrefix: Bool) -> String {
        if Self.isASCII(code) { return asciiShaped(code, zipPlusFour: zipPlusFour, countryPrefix: countryPrefix) }
        let canonical = code.uppercased().filter { $0.isLetter || $0.isNumber }
        guard !canonical.isEmpty else { return code }
        let drawn = bytes("postcode", canonical, count: canonical.count)
        let letters = Array("ABCDEFGHJKLMNPRSTUVWXYZ")
        var index = 0
        return String(
            code.map { character -> Character in
                guard character.isLetter || character.isNumber else { return character }
                defer { index += 1 }
                if character.isNumber { return Character(String(drawn[index] % 10)) }
                let letter = letters[Int(drawn[index]) % letters.count]
                return character.isLowercase ? Character(letter.lowercased()) : letter
            })
    }

    private static let postcodeLetters = Array("ABCDEFGHJKLMNPRSTUVWXYZ".utf8)

    /// `shaped` for ASCII text, read byte by byte: the same result, without reading characters.
    private func asciiShaped(_ code: String, zipPlusFour: Bool, countryPrefix: Bool) -> String {
        let canonical = code.utf8.compactMap { byte -> UInt8? in
            if Self.isASCIIDigit(byte) || (byte >= 0x41 && byte <= 0x5A) { return byte }
            return byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : nil
        }
        guard !canonical.isEmpty else { return code }
        let drawn = drawnCharacters(canonical, zipPlusFour: zipPlusFour, countryPrefix: countryPrefix)
        var index = 0
        let letters = Self.postcodeLetters
        let result = code.utf8.map { byte -> UInt8 in
            guard Self.isASCIIDigit(byte) || Self.isASCIILetter(byte) else { return byte }
            defer { index += 1 }
            guard let draw = drawn[index] else { return byte }
            if Self.isASCIIDigit(byte) { return 0x30 + draw % 10 }
            let letter = letters[Int(draw) % letters.count]
            return byte >= 0x61 ? letter + 0x20 : letter
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// What each letter or digit of `canonical` (upper case, letters and digits only) is drawn from: the whole, but
    /// where `match` reads a part alone (a ZIP+4's first five digits; a tax number without its country prefix, which
    /// is kept: nil).
    private func drawnCharacters(_ canonical: [UInt8], zipPlusFour: Bool, countryPrefix: Bool) -> [UInt8?] {
        let text = String(decoding: canonical, as: UTF8.self)
        if zipPlusFour, canonical.count == 9, canonical.allSatisfy(Self.isASCIIDigit) {
            let head = bytes("postcode", String(text.prefix(5)), count: 5)
            return (head + bytes("postcode", text, count: 9).suffix(4)).map { $0 }
        }
        func isCapital(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        if countryPrefix, canonical.count > 4, isCapital(canonical[0]), isCapital(canonical[1]), Self.isASCIIDigit(canonical[2]) {
            return [nil, nil] + bytes("postcode", String(text.dropFirst(2)), count: canonical.count - 2).map { $0 }
        }
        return bytes("postcode", text, count: canonical.count).map { $0 }
    }

    /// A street line: the house number and the street-type word (`Street`, `St`, `Straße`, `rue`) kept, every other
    /// word replaced by a word drawn from its folded form, in its case pattern. A compass word (`West`, `W`, `NE`) is
    /// drawn from the word it stands for, so `W` and `West` stay one street as `match` reads them. A line made of
    /// nothing else (`1698 1st Boulevard`) has its type words drawn likewise (`Blvd` as `Boulevard`): no street line is
    /// left as it was.
    public func street(_ line: String) -> String {
        let numbered = streetNumbers(line)
        let masked = street(numbered, drawingTypes: false)
        guard masked == line else { return masked }
        return street(numbered, drawingTypes: true)
    }

    /// `line` with the numbers that name a street or a box replaced: an ordinal (`23rd`, `1st`: the street's name) by a
    /// word drawn from it, and the number of a post-office box (`B.P. 2403`, `PO Box 17`, `Postfach 1234`) by a number
    /// of as many digits drawn from it through a keyed order of the numbers of that length (two numbers never become
    /// one). A house number stays.
    func streetNumbers(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.contains(where: Self.isASCIIDigit) else { return line }
        // Where a box's number starts: after a post-office box's marker (ASCII, compared in lower case byte by byte).
        var boxNumber: Int?
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            search: for marker in Self.boxMarkerBytes where marker.count <= lowered.count {
                for start in 0...(lowered.count - marker.count) where lowered[start] == marker[0] {
                    guard lowered[start..<(start + marker.count)].elementsEqual(marker) else { continue }
                    boxNumber = bytes[(start + marker.count)...].firstIndex(where: Self.isASCIIDigit)
                    break search
                }
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard Self.isASCIIDigit(bytes[index]), index == 0 || !Self.isASCIIDigit(bytes[index - 1]) else {
                out.append(bytes[index])
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, Self.isASCIIDigit(bytes[end]) { end += 1 }
            let digits = Array(bytes[index..<end])
            var isOrdinal = false
            if end + 2 <= bytes.count, end + 2 == bytes.count || !Self.isASCIILetter(bytes[end + 2]) {
                let suffix = (bytes[end] | 0x20, bytes[end + 1] | 0x20)
                isOrdinal =
                    suffix == (0x73, 0x74) || suffix == (0x6E, 0x64) || suffix == (0x72, 0x64) || suffix == (0x74, 0x68)  // st nd rd th
            }
            if isOrdinal {
                // A street named by its number (`23rd Street`): the name drawn as a word, as a street's name is (a
                // number drawn would be some other street's name).
                let ordinal = String(decoding: bytes[index..<(end + 2)], as: UTF8.self).lowercased()
                let drawn = nameWord("street", ordinal)
                out += Array((drawn.prefix(1).uppercased() + drawn.dropFirst()).utf8)
                index = end + 2
                continue
            } else if index == boxNumber, digits.count <= 4, digits.first != UInt8(ascii: "0") {
                out += Array(String(keyedNumber(Int(String(decoding: digits, as: UTF8.self)) ?? 0, digits: digits.count)).utf8)
            } else {
                out += digits
            }
            index = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The markers of a post-office box, lower case, its number after them.
    static let boxMarkerBytes = boxMarkers.map { Array($0.utf8) }
    static let boxMarkers = [
        "p.o. box", "po box", "p o box", "gpo box", "b.p.", "b.p ", "bp ", "c.p.", "c.p ", "cp ", "postfach", "postbus", "apartado",
        "case postale", "casella postale", "box ",
    ]

    /// `number` (of `digits` digits, no leading zero) moved through a keyed order of the numbers of that many digits:
    /// equal numbers alike, different ones apart.
    func keyedNumber(_ number: Int, digits: Int) -> Int {
        let low = digits == 1 ? 1 : Int(pow(10, Double(digits - 1)))
        let high = Int(pow(10, Double(digits)))
        guard number >= low, number < high else { return number }
        if memo.numberOrders[digits] == nil {
            var order = Array(low..<high)
            let drawn = bytes("street numbers", "\(digits)", count: order.count * 2)
            for index in stride(from: order.count - 1, to: 0, by: -1) {
                let value = Int(drawn[2 * index]) << 8 | Int(drawn[2 * index + 1])
                order.swapAt(index, value % (index + 1))
            }
            memo.numberOrders[digits] = order
        }
        return memo.numberOrders[digits]?[number - low] ?? number
    }

    private func street(_ line: String, drawingTypes: Bool) -> String {
        Self.replacingLetterRuns(line) { run, _ in
            let folded = TextFolding.words(String(run)).joined()
            if let direction = Self.compassWords[folded] ?? (Self.compassWords.values.contains(folded) ? folded : nil) {
                return Self.cased(word("street", direction, length: direction.count), like: run)
            }
            guard folded.count > 1 else { return nil }
            if Self.streetTypes.contains(folded) {
                guard drawingTypes else { return nil }
                let full = StreetName.expansions[folded] ?? folded
                return Self.cased(word("street", full, length: full.count), like: run)
            }
            // A compound with its type word (`Bahnhofstrasse`, `Königsallee`): the name part replaced, the type kept.
            if let suffix = Self.compoundSuffixes.first(where: { folded.hasSuffix($0) && folded.count > $0.count + 1 }) {
                let written = Self.writtenSuffix(of: run, folded: suffix)
                let stem = run.dropLast(written.count)
                let key = Self.nameKey(stem)
                return Self.cased(nameWord("street", key), like: stem) + written
            }
            return Self.cased(nameWord("street", Self.nameKey(run)), like: run)
        }
    }

    /// Compass words as `match` writes them out (`w` → `west`), the written-out forms among the values.
    static let compassWords: [String: String] = StreetName.expansions.filter {
        ["north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest"].contains($0.value)
    }

    /// Type words that end compound street names (`Bahnhofstrasse`, `Hauptstraße`, `Königsallee`, `Kerkstraat`).
    static let compoundSuffixes = ["strasse", "allee", "weg", "gasse", "platz", "straat", "laan", "vej", "gatan", "vagen", "ring", "damm"]

    /// The end of `run` as written that folds to `folded` (`straße` for `strasse`).
    static func writtenSuffix(of run: Substring, folded: String) -> Substring {
        var count = 1
        while count <= run.count {
            let tail = run.suffix(count)
            if TextFolding.words(String(tail)).joined() == folded { return tail }
            count += 1
        }
        return run.suffix(0)
    }

    /// Street-type words: the abbreviations `match` expands and what they stand for, and a few it reads as they are
    /// (compass words are not among them: they are drawn).
    static let streetTypes: Set<String> = Set(StreetName.expansions.keys).union(StreetName.expansions.values).subtracting(
        Set(compassWords.keys).union(compassWords.values)
    ).union([
        "rue", "via", "calle", "avenida", "weg", "gasse", "platz", "allee", "straat", "laan", "plein", "vej", "gatan", "vagen",
    ])
}
