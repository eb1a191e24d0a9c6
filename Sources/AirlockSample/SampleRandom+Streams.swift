extension SampleRandom {
    /// The generator of item `index` of stream `stream` under `seed`: every record of the unkeyed pair draws from a
    /// generator of its own, so that it can be made in any order (records are written shuffled) and by either export
    /// alike, and a draw added to one record changes no other.
    init(seed: UInt64, stream: UInt64, index: Int) {
        var mixed = seed ^ (stream &* 0xD6E8_FEB8_6659_FD93) ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        self.init(seed: mixed ^ (mixed >> 31))
    }

    /// One of `items`, each as likely as its weight.
    mutating func pick<T>(weighted items: [(T, Int)]) -> T {
        let total = items.reduce(0) { $0 + $1.1 }
        var roll = int(0...(total - 1))
        for (item, weight) in items {
            if roll < weight { return item }
            roll -= weight
        }
        return items[items.count - 1].0
    }

    /// True with probability `permille` / 1000.
    mutating func chance(permille: Int) -> Bool {
        int(0...999) < permille
    }

    /// `count` decimal digits, leading zeros included.
    mutating func digits(_ count: Int) -> String {
        var text = ""
        text.reserveCapacity(count)
        for _ in 0..<count { text.append(Character(Unicode.Scalar(UInt8(48 + int(0...9))))) }
        return text
    }

    /// The GUID `guid()` draws (the same two draws, the same text), written straight into its string: the unkeyed
    /// pair makes millions.
    mutating func fastGUID() -> String {
        let high = next() & ~0xF000 | 0x4000
        let low = next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for digit in 0..<32 {
                if digit == 8 || digit == 12 || digit == 16 || digit == 20 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = digit < 16 ? high : low
                let nibble = UInt8(truncatingIfNeeded: (word >> UInt64(60 - 4 * (digit % 16))) & 15)
                buffer[position] = nibble < 10 ? 48 + nibble : 87 + nibble
                position += 1
            }
            return position
        }
    }
}
