import AirlockModel
import Testing

/// `ByteBuffer`: appends past its first capacity, changes in place, truncates; `Varint` round trips through it.
struct ByteBufferTests {
    @Test func holdsWhatWasAppendedWhateverItsCapacity() {
        let buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for number in 0..<1_000 {
            let bytes = Array("value \(number);".utf8)
            bytes.withUnsafeBytes { buffer.append($0) }
            buffer.append(UInt8(number % 256))
            expected += bytes + [UInt8(number % 256)]
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.withBytes { Array($0) } == expected)
        #expect(buffer.withBytes(from: 6) { Array($0) } == Array(expected[6...]))
        buffer[3] = 0x41
        #expect(buffer[3] == 0x41)
        buffer.withMutableBytes(from: 0) { $0[0] = 0x42 }
        #expect(buffer[0] == 0x42)
        buffer.truncate(to: 5)
        #expect(buffer.withBytes { Array($0) } == [0x42] + Array(expected[1..<3]) + [0x41, expected[4]])
        buffer.removeAll()
        #expect(buffer.count == 0)
    }

    @Test func varintsReadBackAsWritten() {
        let buffer = ByteBuffer()
        let values: [UInt64] = [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 35, UInt64(Int.max)]
        for value in values { Varint.append(value, to: buffer) }
        let bytes = buffer.withBytes { Array($0) }
        var array: [UInt8] = []
        for value in values { Varint.append(value, to: &array) }
        #expect(bytes == array)
        var index = 0
        for value in values { #expect(Varint.read(bytes[...], at: &index) == Int(value)) }
        #expect(index == bytes.count)
    }
}
