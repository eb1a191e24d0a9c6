import Foundation

/// Folds text for comparison: lower case, accents and ligatures of Latin letters to their base letters (`Müller` →
/// `muller`, `Straße` → `strasse`, `Æ` → `ae`), `&` to ` and `, every other character that is not a letter or a
/// digit to a word break. Letters of other scripts are kept, lower-cased and without their accents.
public enum TextFolding {
    /// The words of `text`, folded.
    public static func words(_ text: String) -> [String] {
        words(text, folding: fold)
    }

    /// `fold(_:)` with each scalar outside ASCII folded once for many texts, its fold kept in `memo`: for a table of
    /// thousands of names in a few scripts (Cyrillic, Greek, CJK), where folding such a scalar asks Foundation for its
    /// decomposition each time. The words are read by `FoldedWords` into one buffer, with no string a word: a fraction
    /// of `fold(_:)`'s cost, which every process that reads the reference tables pays at its start.
    static func fold(_ text: String, memo: inout [UInt32: ScalarFold]) -> String {
        var folded: [UInt8] = []
        var word: [UInt8] = []
        var text = text
        text.withUTF8 { bytes in
            let memoized = { (scalar: Unicode.Scalar) -> ScalarFold in
                if let known = memo[scalar.value] { return known }
                let fold = Self.fold(scalar)
                memo[scalar.value] = fold
                return fold
            }
            FoldedWords.forEach(in: UnsafeRawBufferPointer(bytes), word: &word, folding: memoized) { letters, _ in
                if !folded.isEmpty { folded.append(0x20) }
                folded.append(contentsOf: letters)
            }
        }
        return String(decoding: folded, as: UTF8.self)
    }

    /// The words of `text`, each scalar outside ASCII folded by `folding`.
    private static func words(_ text: String, folding: (Unicode.Scalar) -> ScalarFold) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        func flush() {
            if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x30...0x39, 0x61...0x7A: word.append(scalar)
                case 0x41...0x5A: word.append(Unicode.Scalar(value + 0x20) ?? scalar)
                case 0x26:  // &
                    flush()
                    words.append("and")
                case 0x27: continue  // an apostrophe joins (O'Brien → obrien)
                default: flush()
                }
                continue
            }
            switch folding(scalar) {
            case .letters(let folded): word.append(contentsOf: folded.unicodeScalars)
            case .skipped: continue
            case .breaksWord: flush()
            }
        }
        flush()
        return words
    }

    /// What folding does with a scalar outside ASCII.
    public enum ScalarFold: Equatable, Sendable {
        /// Part of a word, as these lower-case letters without accents.
        case letters(String)
        /// Left out, the word going on (a typographic apostrophe, a combining accent).
        case skipped
        /// Ends the word (punctuation, a symbol, a space).
        case breaksWord
    }

    /// How `scalar` (outside ASCII) is folded: a Latin letter with an accent or a ligature to its base letters, a
    /// letter of another script to its base letters lower-cased without accents (ά → α), a typographic apostrophe and
    /// a combining accent left out, anything else a word break.
    public static func fold(_ scalar: Unicode.Scalar) -> ScalarFold {
        let value = scalar.value
        if value == 0x2019 { return .skipped }  // a typographic apostrophe joins, as `'` does
        if let folded = latinFold(value) { return .letters(folded) }
        let properties = scalar.properties
        if properties.generalCategory == .nonspacingMark { return .skipped }  // a combining accent after its letter
        guard properties.isAlphabetic || properties.numericType != nil else { return .breaksWord }
        var letters = String.UnicodeScalarView()
        for base in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
        where base.properties.generalCategory != .nonspacingMark {
            letters.append(contentsOf: base.properties.lowercaseMapping.unicodeScalars)
        }
        return .letters(String(letters))
    }

    /// `text` folded to its words joined by single spaces.
    public static func fold(_ text: String) -> String { words(text).joined(separator: " ") }

    /// Only the letters and digits of `text`, upper-cased ASCII where they are Latin (`nl 1234.56.789 b01` →
    /// `NL123456789B01`): keys such as tax numbers, postcodes and product numbers.
    public static func compactKey(_ text: String) -> String {
        words(text).joined().uppercased()
    }

    /// The base letters of a Latin letter with an accent or a ligature (lower case), nil for any other scalar.
    static func latinFold(_ value: UInt32) -> String? {
        switch value {
        case 0xC0...0xC5, 0xE0...0xE5, 0x100...0x105: return "a"
        case 0xC6, 0xE6: return "ae"
        case 0xC7, 0xE7, 0x106...0x10D: return "c"
        case 0xD0, 0xF0, 0x10E...0x111: return "d"
        case 0xC8...0xCB, 0xE8...0xEB, 0x112...0x11B: return "e"
        case 0x11C...0x123: return "g"
        case 0x124...0x127: return "h"
        case 0xCC...0xCF, 0xEC...0xEF, 0x128...0x131: return "i"
        case 0x134, 0x135: return "j"
        case 0x136, 0x137: return "k"
        case 0x139...0x142: return "l"
        case 0xD1, 0xF1, 0x143...0x148: return "n"
        case 0xD2...0xD6, 0xD8, 0xF2...0xF6, 0xF8, 0x14C...0x151: return "o"
        case 0x152, 0x153: return "oe"
        case 0x154...0x159: return "r"
        case 0xDF: return "ss"
        case 0x15A...0x161: return "s"
        case 0x162...0x167: return "t"
        case 0xDE, 0xFE: return "th"
        case 0xD9...0xDC, 0xF9...0xFC, 0x168...0x173: return "u"
        case 0x174, 0x175: return "w"
        case 0xDD, 0xFD, 0xFF, 0x176...0x178: return "y"
        case 0x179...0x17E: return "z"
        case 0x218, 0x219: return "s"
        case 0x21A, 0x21B: return "t"
        default: return nil
        }
    }
}
