#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip archive's central directory as stored (APPNOTE 4.3.12, 4.3.16, and the ZIP64 records of 4.3.14, 4.3.15 and
/// 4.5.3), read by Airlock itself where libarchive does not say enough: the names before libarchive rewrites them
/// (`ZipRawNames`), and where an entry's stored bytes lie (`ZipPackageSource.memberBytes`). Best effort: a directory it
/// cannot follow gives nil, and the caller falls back on libarchive, which reports the corruption.
enum ZipCentralDirectory {
    /// The central directory may hold at most this many bytes (1,000,000 entries of long names).
    static let maxDirectorySize = 512 << 20

    /// Reads `count` bytes at `offset`, or nil.
    typealias Read = (_ offset: Int64, _ count: Int) -> [UInt8]?

    /// An entry as the central directory records it.
    struct Entry {
        var name: [UInt8]
        var flags: UInt16
        var method: UInt16
        var crc32: UInt32
        var compressedSize: Int64
        var size: Int64
        var localHeaderOffset: Int64
    }

    /// The entries, in directory order, as far as the directory can be followed, and whether that is to its end; nil
    /// when there is no directory to follow.
    static func entries(read: Read, size: Int64) -> (entries: [Entry], complete: Bool)? {
        guard let (offset, length) = directory(read: read, size: size), length <= maxDirectorySize,
            let bytes = read(offset, length), bytes.count == length
        else { return nil }
        var entries: [Entry] = []
        var position = 0
        while position + 46 <= bytes.count, le32(bytes, position) == 0x0201_4b50 {
            let nameLength = Int(le16(bytes, position + 28))
            let extraLength = Int(le16(bytes, position + 30))
            let commentLength = Int(le16(bytes, position + 32))
            let nameStart = position + 46
            guard nameStart + nameLength + extraLength <= bytes.count else { return (entries, false) }
            var entry = Entry(
                name: Array(bytes[nameStart..<(nameStart + nameLength)]), flags: le16(bytes, position + 8),
                method: le16(bytes, position + 10), crc32: le32(bytes, position + 16),
                compressedSize: Int64(le32(bytes, position + 20)), size: Int64(le32(bytes, position + 24)),
                localHeaderOffset: Int64(le32(bytes, position + 42)))
            applyZIP64(bytes, extra: (nameStart + nameLength)..<(nameStart + nameLength + extraLength), to: &entry)
            entries.append(entry)
            position = nameStart + nameLength + extraLength + commentLength
        }
        return (entries, position == bytes.count)
    }

    /// Where the stored bytes of `entry` start: past its local header (APPNOTE 4.3.7); nil when there is none at the
    /// recorded offset, or it disagrees with the directory (another name, method or encryption flag; another CRC-32
    /// or size, in the header or, when they follow the data (flag bit 3), in the data descriptor right after the
    /// stored bytes, 4.3.9): libarchive, which reads such an entry by its local header, is then left to read it.
    static func dataOffset(of entry: Entry, read: Read, size: Int64) -> Int64? {
        guard entry.localHeaderOffset >= 0, let header = read(entry.localHeaderOffset, 30), header.count == 30,
            le32(header, 0) == 0x0403_4b50
        else { return nil }
        let flags = le16(header, 6)
        let nameLength = Int(le16(header, 26))
        guard le16(header, 8) == entry.method, flags & 1 == entry.flags & 1, nameLength == entry.name.count,
            read(entry.localHeaderOffset + 30, nameLength) == entry.name
        else { return nil }
        let localSizes = (Int64(le32(header, 18)), Int64(le32(header, 22)))
        if flags & 8 == 0, localSizes.0 != 0xFFFF_FFFF, localSizes.1 != 0xFFFF_FFFF {
            guard le32(header, 14) == entry.crc32, localSizes == (entry.compressedSize, entry.size) else { return nil }
        }
        let start = entry.localHeaderOffset + 30 + Int64(nameLength) + Int64(le16(header, 28))
        guard entry.compressedSize >= 0, start <= size, entry.compressedSize <= size - start else { return nil }
        if flags & 8 != 0, !descriptorAgrees(with: entry, at: start + entry.compressedSize, read: read) { return nil }
        return start
    }

    /// Whether the data descriptor at `offset` (its signature optional; sizes of 4 bytes, or 8 in a ZIP64 archive)
    /// holds the entry's CRC-32 and sizes.
    private static func descriptorAgrees(with entry: Entry, at offset: Int64, read: Read) -> Bool {
        guard let bytes = read(offset, 24) ?? read(offset, 16) ?? read(offset, 12) else { return false }
        let at = bytes.count >= 4 && le32(bytes, 0) == 0x0807_4b50 ? 4 : 0
        guard bytes.count >= at + 12, le32(bytes, at) == entry.crc32 else { return false }
        if Int64(le32(bytes, at + 4)) == entry.compressedSize, Int64(le32(bytes, at + 8)) == entry.size { return true }
        guard bytes.count >= at + 20 else { return false }
        return Int64(bitPattern: le64(bytes, at + 4)) == entry.compressedSize && Int64(bitPattern: le64(bytes, at + 12)) == entry.size
    }

    /// The sizes and offset a ZIP64 extra field holds in place of those the directory marks 0xFFFFFFFF, in order.
    private static func applyZIP64(_ bytes: [UInt8], extra: Range<Int>, to entry: inout Entry) {
        var at = extra.lowerBound
        while at + 4 <= extra.upperBound {
            let id = le16(bytes, at)
            let length = Int(le16(bytes, at + 2))
            guard at + 4 + length <= extra.upperBound else { return }
            if id == 0x0001 {
                var field = at + 4
                func next() -> Int64? {
                    guard field + 8 <= at + 4 + length else { return nil }
                    defer { field += 8 }
                    return Int64(bitPattern: le64(bytes, field))
                }
                if entry.size == 0xFFFF_FFFF, let value = next() { entry.size = value }
                if entry.compressedSize == 0xFFFF_FFFF, let value = next() { entry.compressedSize = value }
                if entry.localHeaderOffset == 0xFFFF_FFFF, let value = next() { entry.localHeaderOffset = value }
                return
            }
            at += 4 + length
        }
    }

    /// The central directory's offset and length, from the end-of-central-directory record (ZIP64 aware).
    private static func directory(read: Read, size: Int64) -> (Int64, Int)? {
        let tailLength = Int(min(size, 22 + 65_535))
        guard tailLength >= 22, let tail = read(size - Int64(tailLength), tailLength), tail.count == tailLength else { return nil }
        var at = tailLength - 22
        while at >= 0, le32(tail, at) != 0x0605_4b50 { at -= 1 }
        guard at >= 0 else { return nil }
        var length = Int64(le32(tail, at + 12))
        var offset = Int64(le32(tail, at + 16))
        if length == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            // ZIP64: the locator sits just before the record and points to the ZIP64 record.
            let locatorAt = size - Int64(tailLength) + Int64(at) - 20
            guard locatorAt >= 0, let locator = read(locatorAt, 20), locator.count == 20, le32(locator, 0) == 0x0706_4b50 else {
                return nil
            }
            let recordAt = Int64(bitPattern: le64(locator, 8))
            guard recordAt >= 0, let record = read(recordAt, 56), record.count == 56, le32(record, 0) == 0x0606_4b50 else { return nil }
            length = Int64(bitPattern: le64(record, 40))
            offset = Int64(bitPattern: le64(record, 48))
        }
        guard offset >= 0, length >= 0, offset <= size, length <= size - offset else { return nil }
        return (offset, Int(length))
    }

    /// Reads from the file open as `descriptor`.
    static func reading(_ descriptor: Int32) -> Read {
        { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let got = bytes.withUnsafeMutableBytes { raw in
                    let rest = UnsafeMutableRawBufferPointer(rebasing: raw[done...])
                    return pread(descriptor, rest.baseAddress, rest.count, off_t(offset) + off_t(done))
                }
                if got <= 0 { return nil }
                done += got
            }
            return bytes
        }
    }

    /// Reads from an archive held in memory.
    static func reading(_ memory: ZipMemoryImage) -> Read {
        { offset, count in
            guard offset >= 0, offset <= Int64(memory.count), Int64(count) <= Int64(memory.count) - offset else { return nil }
            return Array(UnsafeRawBufferPointer(start: memory.base + Int(offset), count: count))
        }
    }

    /// Runs `body` with a reader of the file at `path` and its size; nil when it cannot be opened.
    static func withFile<T>(_ path: String, _ body: (Read, Int64) -> T?) -> T? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return body(reading(descriptor), Int64(status.st_size))
    }

    static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(le16(bytes, at)) | UInt32(le16(bytes, at + 2)) << 16
    }

    static func le64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        UInt64(le32(bytes, at)) | UInt64(le32(bytes, at + 4)) << 32
    }
}
