import AirlockIO

/// Copies a file into a sink in 1 MiB pieces (a spooled delta file into its zip entry).
enum FileCopy {
    static func copy(_ path: String, to sink: ByteSink) throws {
        let stream = try FileByteStream(path: path)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { break }
            try buffer.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }
}
