/// A 128-bit digest of a record key, so that key sets cost 16 bytes per record instead of the key text.
///
/// Two FNV-1a variants with different offsets; a false duplicate needs a 128-bit collision. The digest is the
/// same in every run (unlike `Hasher`), so findings are deterministic.
struct FOKeyHash: Hashable {
    var high: UInt64 = 0xCBF2_9CE4_8422_2325
    var low: UInt64 = 0x8422_2325_CBF2_9CE4

    /// Adds one key part; parts are separated so that ("ab", "c") and ("a", "bc") differ.
    mutating func add(_ bytes: UnsafeRawBufferPointer?) {
        for byte in bytes ?? UnsafeRawBufferPointer(start: nil, count: 0) {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9
        }
        high = (high ^ 0x1F) &* 0x0000_0100_0000_01B3
        low = (low ^ 0x1F) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9
    }
}
