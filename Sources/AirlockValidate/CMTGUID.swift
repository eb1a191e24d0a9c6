import AirlockModel
import AirlockPackages

/// A GUID as two 64-bit words: how the CMT validator keeps record ids and lookup targets compactly.
struct CMTGUID: Hashable, Comparable, Sendable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses the forms .NET's `Guid.Parse` accepts and CMT may meet: `8-4-4-4-12` (`D`), 32 digits (`N`),
    /// and either in braces (`B`) or parentheses (`P`); any case; surrounding blanks ignored.
    init?(_ input: UnsafeRawBufferPointer) {
        guard let (high, low) = CMTValueCodec.guidValue(input) else { return nil }
        self.high = high
        self.low = low
    }

    /// Parses `text` as `init(_:)` does.
    init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ CMTGUID(UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    /// The lower-case `8-4-4-4-12` form CMT writes.
    var text: String { CMTValueCodec.guidText(high: high, low: low) }

    /// A well-spread 64-bit hash (SplitMix64's finaliser), so sequential GUIDs fill a table evenly.
    var spread: UInt64 {
        var value = high ^ (low &* 0x9E37_79B9_7F4A_7C15)
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension CMTGUID {
    /// By the high word, then the low: an order for searching, not the text's.
    static func < (left: CMTGUID, right: CMTGUID) -> Bool {
        (left.high, left.low) < (right.high, right.low)
    }
}
