extension MurmurHash3 {
    /// MurmurHash3 (x64, 128-bit) of a sequence of 64-bit words, taken one word at a time without keeping them: the
    /// same as `hash128` of the words' little-endian bytes, on every platform.
    public struct WordHasher: Sendable {
        @usableFromInline var h1: UInt64 = 0
        @usableFromInline var h2: UInt64 = 0
        /// The first word of a block whose second has not come yet.
        @usableFromInline var pending: UInt64 = 0
        @usableFromInline var count = 0

        public init() {}

        /// Words added so far.
        public var wordCount: Int { count }

        /// Adds the next word.
        @inlinable
        public mutating func add(_ word: UInt64) {
            if count & 1 == 0 {
                pending = word
            } else {
                var k1 = pending &* c1
                k1 = rotl(k1, 31) &* c2
                h1 ^= k1
                h1 = rotl(h1, 27) &+ h2
                h1 = h1 &* 5 &+ 0x52DC_E729
                var k2 = word &* c2
                k2 = rotl(k2, 33) &* c1
                h2 ^= k2
                h2 = rotl(h2, 31) &+ h1
                h2 = h2 &* 5 &+ 0x3849_5AB5
            }
            count += 1
        }

        /// The hash of the words added (as `hash128`'s two output words).
        public func finish() -> (h1: UInt64, h2: UInt64) {
            var h1 = h1
            if count & 1 == 1 {
                // A lone last word is the tail: eight bytes, all in the tail's first lane.
                var k1 = pending &* c1
                k1 = rotl(k1, 31) &* c2
                h1 ^= k1
            }
            return finished(h1, h2, length: UInt64(count) &* 8)
        }

        /// Starts over, as a new hasher.
        public mutating func reset() {
            self = WordHasher()
        }
    }
}
