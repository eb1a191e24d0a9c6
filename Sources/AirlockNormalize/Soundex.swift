/// The American Soundex code of a folded name (Russell and Odell's, as the U.S. National Archives state it): its
/// first letter and three digits for the consonants that follow, letters of one digit in a row (also across `h` and
/// `w`) counted once, vowels breaking a run. `Catherine` and `Kathryn` differ in their first letter and so in their
/// codes; `Smith` and `Smyth` are both `S530`. Used to tell names that sound alike (`ComparisonLevel.phonetic`).
package enum Soundex {
    /// The code packed in 32 bits (the letter, then the digits, a byte each), or 0 for a name without a Latin letter.
    package static func code(_ name: some Sequence<UInt8>) -> UInt32 {
        var letters = name.lazy.filter { $0 >= 0x61 && $0 <= 0x7A }.makeIterator()
        guard let first = letters.next() else { return 0 }
        var code = UInt32(first)
        var digits = 0
        var previous = digit(first)
        while digits < 3, let letter = letters.next() {
            let value = digit(letter)
            if letter == 0x68 || letter == 0x77 { continue }  // h, w: the run goes on
            if value != 0 && value != previous {
                code = code << 8 | UInt32(value)
                digits += 1
            }
            previous = value
        }
        while digits < 3 {
            code <<= 8
            digits += 1
        }
        return code
    }

    /// A lower-case letter's digit; 0 for a vowel (and `y`, `h`, `w`).
    private static func digit(_ letter: UInt8) -> UInt8 {
        switch letter {
        case 0x62, 0x66, 0x70, 0x76: 1  // b f p v
        case 0x63, 0x67, 0x6A, 0x6B, 0x71, 0x73, 0x78, 0x7A: 2  // c g j k q s x z
        case 0x64, 0x74: 3  // d t
        case 0x6C: 4  // l
        case 0x6D, 0x6E: 5  // m n
        case 0x72: 6  // r
        default: 0
        }
    }
}
