import AirlockIO
import AirlockModel
import Foundation
import Testing

/// `ByteChannel`: bytes written on one thread are read, in order, on another; a failed writer is an error for the
/// reader, and a reader that stops never leaves the writer waiting.
struct ByteChannelTests {
    /// Deterministic bytes, written in blocks of varying size.
    static func bytes(count: Int) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
    }

    static func write(_ bytes: [UInt8], to sink: ByteChannel.Sink, upTo limit: Int? = nil) throws {
        var offset = 0
        var size = 1
        let end = min(limit ?? bytes.count, bytes.count)
        while offset < end {
            let count = min(size, end - offset)
            try bytes.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            offset += count
            size = size * 3 % 70_001 + 1
        }
    }

    /// Reads `stream` to its end (or error) on a thread of its own; with `limit`, closes it after that many bytes.
    final class Reader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private(set) var bytes: [UInt8] = []
        private(set) var error: (any Error)?

        init(_ stream: ByteChannel.Stream, stopAfter limit: Int? = nil) {
            Thread { [self] in
                do {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while limit.map({ bytes.count < $0 }) ?? true {
                        let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
                        if count == 0 { break }
                        bytes += buffer[0..<count]
                    }
                } catch let caught {
                    error = caught
                }
                if limit != nil { stream.close() }
                done.signal()
            }.start()
        }

        func wait() { done.wait() }
    }

    @Test func theReaderGetsEveryByteInOrder() throws {
        let data = Self.bytes(count: 3_000_000)
        let channel = ByteChannel(depth: 2)
        let reader = Reader(channel.stream)
        try Self.write(data, to: channel.sink)
        channel.sink.finish()
        reader.wait()
        #expect(reader.error == nil)
        #expect(reader.bytes == data)
        #expect(channel.sink.byteCount == Int64(data.count))
    }

    @Test func aWriterThatFailsIsAnErrorForTheReaderAfterTheBytesBeforeIt() throws {
        let data = Self.bytes(count: 500_000)
        let channel = ByteChannel(depth: 2)
        let reader = Reader(channel.stream)
        try Self.write(data, to: channel.sink, upTo: 200_000)
        channel.sink.fail()
        reader.wait()
        #expect(reader.bytes == Array(data[0..<200_000]))
        let error = try #require(reader.error as? AirlockError)
        #expect(error.message.contains("writer failed"))
    }

    @Test func aReaderThatStopsNeverBlocksTheWriter() throws {
        let data = Self.bytes(count: 5_000_000)
        let channel = ByteChannel(depth: 1)
        let reader = Reader(channel.stream, stopAfter: 100_000)
        // The reader stops early; the whole stream still goes through (dropped after that), and is counted.
        try Self.write(data, to: channel.sink)
        channel.sink.finish()
        reader.wait()
        #expect(channel.sink.byteCount == Int64(data.count))
        #expect(reader.bytes.count >= 100_000)
        #expect(reader.bytes == Array(data[0..<reader.bytes.count]))
    }
}
