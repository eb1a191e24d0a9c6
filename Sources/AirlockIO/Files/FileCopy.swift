/// Copies a file (or a stream) into a sink in 1 MiB pieces: a spooled file (a delta, a batch's data) into its zip
/// entry.
public enum FileCopy {
    /// Copies the file at `path` into `sink`; returns how many bytes it held.
    /// - Throws: `AirlockError(.io)` when the file cannot be read, or the sink's error.
    @discardableResult
    public static func copy(_ path: String, to sink: ByteSink) throws -> Int64 {
        try copy(try FileByteStream(path: path), to: sink)
    }

    /// Copies what is left of `stream` into `sink`; returns how many bytes it held.
    /// - Throws: the stream's or the sink's error.
    @discardableResult
    public static func copy(_ stream: ByteStream, to sink: ByteSink) throws -> Int64 {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var copied: Int64 = 0
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { return copied }
            copied += Int64(count)
            try buffer.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}
