import Foundation

/// Writes zip archives whose entries are stored as given: plain (method 0), which libarchive's writer does not make, or
/// a raw deflate stream made by hand (method 8, with the bytes it inflates to).
enum StoredZip {
    static func make(_ path: String, entries: [(String, [UInt8])]) throws -> String {
        try make(path, stored: entries.map { ($0.0, $0.1, 0, $0.1) })
    }

    /// Entries of `stored` bytes, compression `method`, that read as `bytes`.
    static func make(_ path: String, stored entries: [(name: String, stored: [UInt8], method: Int, bytes: [UInt8])]) throws -> String {
        var file: [UInt8] = []
        var directory: [UInt8] = []
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
        for (name, stored, method, bytes) in entries {
            let crc = Int(crc32(bytes))
            let common =
                le16(20) + le16(0) + le16(method) + le16(0) + le16(0) + le32(crc) + le32(stored.count) + le32(bytes.count)
            let offset = file.count
            file += le32(0x0403_4b50) + common + le16(name.utf8.count) + le16(0) + Array(name.utf8) + stored
            directory +=
                le32(0x0201_4b50) + le16(20) + common + le16(name.utf8.count) + le16(0) + le16(0) + le16(0) + le16(0)
                + le32(0) + le32(offset) + Array(name.utf8)
        }
        let end =
            le32(0x0605_4b50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count) + le32(directory.count)
            + le32(file.count) + le16(0)
        try Data(file + directory + end).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// CRC-32 (ISO 3309, as zip uses it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
