#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a zip's headers as `SectionedZipWriter` writes them (PKWARE's APPNOTE 6.3.10, §4.3), laid out as
/// libarchive's zip writer lays out its own: a local header with the extended timestamp (`UT`) and Unix owner
/// (`ux`) fields, a data descriptor after the data (general purpose bit 3), sizes and CRC in the central directory.
/// An entry whose size is not known when its header is written (`isStreamed`) says it needs version 4.5, carries a
/// zip64 field in its local header and a 64-bit data descriptor, as libarchive's streamed entries do.
struct ZipRecordLayout {
    /// One entry's facts, as the central directory lists them.
    struct Entry {
        var name: [UInt8]
        var isStreamed: Bool
        var crc: UInt32
        var compressedSize: Int64
        var size: Int64
        /// Where its local header starts.
        var offset: Int64
    }

    /// DOS time and date (MS-DOS's `FileTimeToDosDateTime` form) of the entries' modification time, in UTC.
    let dosTime: UInt16
    let dosDate: UInt16
    /// The Unix modification time in the `UT` field.
    let unixTime: UInt32

    init(modificationTime: Int) {
        var seconds = time_t(modificationTime)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        dosTime = UInt16((parts.tm_hour << 11) | (parts.tm_min << 5) | (parts.tm_sec / 2))
        dosDate = UInt16(((parts.tm_year - 80) << 9) | ((parts.tm_mon + 1) << 5) | parts.tm_mday)
        unixTime = UInt32(truncatingIfNeeded: modificationTime)
    }

    private static let saturated: UInt32 = 0xFFFF_FFFF

    private static func version(_ entry: Entry) -> UInt16 { entry.isStreamed ? 45 : 20 }

    /// `UT` with the modification time only, then `ux` with owner and group 0 (4-byte ids).
    private func ownerFields(into bytes: inout [UInt8]) {
        bytes.appendLittleEndian(UInt16(0x5455))
        bytes.appendLittleEndian(UInt16(5))
        bytes.append(1)
        bytes.appendLittleEndian(unixTime)
        bytes.appendLittleEndian(UInt16(0x7875))
        bytes.appendLittleEndian(UInt16(11))
        bytes.append(contentsOf: [1, 4, 0, 0, 0, 0, 4, 0, 0, 0, 0])
    }

    /// The local header: sizes and CRC follow the data (`dataDescriptor`); a streamed entry's sizes are saturated and
    /// its zip64 field zero, a known entry's uncompressed size is given.
    func localHeader(_ entry: Entry) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(UInt32(0x0403_4B50))
        bytes.appendLittleEndian(Self.version(entry))
        bytes.appendLittleEndian(UInt16(0x0008))
        bytes.appendLittleEndian(UInt16(8))
        bytes.appendLittleEndian(dosTime)
        bytes.appendLittleEndian(dosDate)
        bytes.appendLittleEndian(UInt32(0))
        bytes.appendLittleEndian(entry.isStreamed ? Self.saturated : 0)
        bytes.appendLittleEndian(entry.isStreamed ? Self.saturated : UInt32(truncatingIfNeeded: entry.size))
        bytes.appendLittleEndian(UInt16(entry.name.count))
        bytes.appendLittleEndian(UInt16(entry.isStreamed ? 44 : 24))
        bytes.append(contentsOf: entry.name)
        ownerFields(into: &bytes)
        if entry.isStreamed {
            bytes.appendLittleEndian(UInt16(0x0001))
            bytes.appendLittleEndian(UInt16(16))
            bytes.append(contentsOf: [UInt8](repeating: 0, count: 16))
        }
        return bytes
    }

    /// The data descriptor after an entry's data: 64-bit sizes for a streamed entry, 32-bit for a known one.
    func dataDescriptor(_ entry: Entry) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(UInt32(0x0807_4B50))
        bytes.appendLittleEndian(entry.crc)
        if entry.isStreamed {
            bytes.appendLittleEndian(UInt64(entry.compressedSize))
            bytes.appendLittleEndian(UInt64(entry.size))
        } else {
            bytes.appendLittleEndian(UInt32(truncatingIfNeeded: entry.compressedSize))
            bytes.appendLittleEndian(UInt32(truncatingIfNeeded: entry.size))
        }
        return bytes
    }

    /// The entry's central directory header; sizes or an offset that do not fit 32 bits are saturated and given in a
    /// zip64 field (§4.5.3), in its order.
    func centralHeader(_ entry: Entry) -> [UInt8] {
        let wide = [entry.size, entry.compressedSize, entry.offset].map { $0 >= Int64(Self.saturated) }
        let zip64 = zip(wide, [entry.size, entry.compressedSize, entry.offset]).filter(\.0).map(\.1)
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(UInt32(0x0201_4B50))
        bytes.appendLittleEndian(UInt16(0x0300) | Self.version(entry))
        bytes.appendLittleEndian(zip64.isEmpty ? Self.version(entry) : 45)
        bytes.appendLittleEndian(UInt16(0x0008))
        bytes.appendLittleEndian(UInt16(8))
        bytes.appendLittleEndian(dosTime)
        bytes.appendLittleEndian(dosDate)
        bytes.appendLittleEndian(entry.crc)
        bytes.appendLittleEndian(wide[1] ? Self.saturated : UInt32(entry.compressedSize))
        bytes.appendLittleEndian(wide[0] ? Self.saturated : UInt32(entry.size))
        bytes.appendLittleEndian(UInt16(entry.name.count))
        bytes.appendLittleEndian(UInt16(24 + (zip64.isEmpty ? 0 : 4 + 8 * zip64.count)))
        // No comment, disk 0, no internal attributes; then a regular file's mode, rw-r--r--, as external attributes.
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0])
        bytes.appendLittleEndian(UInt32(0o100644) << 16)
        bytes.appendLittleEndian(wide[2] ? Self.saturated : UInt32(entry.offset))
        bytes.append(contentsOf: entry.name)
        ownerFields(into: &bytes)
        if !zip64.isEmpty {
            bytes.appendLittleEndian(UInt16(0x0001))
            bytes.appendLittleEndian(UInt16(8 * zip64.count))
            for value in zip64 { bytes.appendLittleEndian(UInt64(value)) }
        }
        return bytes
    }

    /// The end of the central directory of `count` entries, `size` bytes from `offset`: with the zip64 end record and
    /// its locator first when the offset does not fit 32 bits (§4.3.14–16).
    func end(count: Int, size: Int64, offset: Int64) -> [UInt8] {
        var bytes: [UInt8] = []
        let wide = offset >= Int64(Self.saturated) || size >= Int64(Self.saturated)
        if wide {
            let recordOffset = offset + size
            bytes.appendLittleEndian(UInt32(0x0606_4B50))
            bytes.appendLittleEndian(UInt64(44))
            bytes.appendLittleEndian(UInt16(0x032D))
            bytes.appendLittleEndian(UInt16(45))
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt64(count))
            bytes.appendLittleEndian(UInt64(count))
            bytes.appendLittleEndian(UInt64(size))
            bytes.appendLittleEndian(UInt64(offset))
            bytes.appendLittleEndian(UInt32(0x0706_4B50))
            bytes.appendLittleEndian(UInt32(0))
            bytes.appendLittleEndian(UInt64(recordOffset))
            bytes.appendLittleEndian(UInt32(1))
        }
        bytes.appendLittleEndian(UInt32(0x0605_4B50))
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(UInt16(count))
        bytes.appendLittleEndian(UInt16(count))
        bytes.appendLittleEndian(wide ? Self.saturated : UInt32(size))
        bytes.appendLittleEndian(wide ? Self.saturated : UInt32(offset))
        bytes.appendLittleEndian(UInt16(0))
        return bytes
    }
}
