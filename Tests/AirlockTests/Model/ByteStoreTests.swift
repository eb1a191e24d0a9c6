import AirlockKit
import Testing

/// `ByteStore` keeps what was appended across growth, and a copy is independent of the store it was made from.
struct ByteStoreTests {
    @Test func keepsItsBytesAsItGrows() {
        var store = ByteStore(capacity: 16)
        var expected: [UInt8] = []
        for number in 0..<1_000 {
            let chunk = (0..<(number % 37)).map { UInt8(truncatingIfNeeded: $0 &+ number) }
            chunk.withUnsafeBytes { store.append($0) }
            store.append(UInt8(truncatingIfNeeded: number))
            expected += chunk + [UInt8(truncatingIfNeeded: number)]
        }
        #expect(store.count == expected.count)
        #expect(store.bytes == expected)
        #expect(Array(store[5..<9]) == Array(expected[5..<9]))
        store.removeAll()
        #expect(store.isEmpty && store.bytes.isEmpty)
    }

    @Test func aCopyIsIndependent() {
        var original = ByteStore(capacity: 16)
        original.append(1)
        var copy = original
        copy.append(2)
        original.append(3)
        #expect(original.bytes == [1, 3])
        #expect(copy.bytes == [1, 2])
        var grown = copy
        grown.reserve(4_096)
        grown.append(4)
        #expect(copy.bytes == [1, 2])
        #expect(grown.bytes == [1, 2, 4])
    }

    /// Shrinking keeps the bytes and leaves a copy sharing the old block as it was; equality is of the bytes held.
    @Test func shrinksAndComparesByItsBytes() {
        var store = ByteStore(capacity: 0)
        for byte in 0..<100 { store.append(UInt8(byte)) }
        let copy = store
        store.shrinkToFit()
        #expect(store.bytes == Array(0..<100))
        #expect(store == copy)
        store.append(100)
        #expect(store != copy && copy.bytes == Array(0..<100))
        var other = ByteStore(capacity: 4096)
        [UInt8](0...100).withUnsafeBytes { other.append($0) }
        #expect(other == store)
        #expect(ByteStore() == ByteStore(capacity: 1))
    }
}
