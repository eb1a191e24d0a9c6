#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Entry names as the zip's central directory stores them, before libarchive rewrites them.
///
/// libarchive turns `\` into `/` in the names of entries made on Windows, so a name like `sub\file.csv` would
/// reach `ZipEntryName` as `sub/file.csv`. Zip names use `/` only (APPNOTE 4.4.17), so Airlock reads the stored
/// names itself to refuse backslashes. The scan is best effort: a directory it cannot follow is left to
/// libarchive, which reports the corruption.
enum ZipRawNames {
    /// The central directory may hold at most this many bytes for the scan (1,000,000 entries of long names).
    static let maxDirectorySize = 512 << 20

    /// The first stored name that contains a backslash, or nil.
    static func firstNameWithBackslash(read: (_ offset: Int64, _ count: Int) -> [UInt8]?, size: Int64) -> String? {
        guard let (offset, length) = directory(read: read, size: size), length <= maxDirectorySize,
            let bytes = read(offset, length), bytes.count == length
        else { return nil }
        var position = 0
        while position + 46 <= bytes.count, le32(bytes, position) == 0x0201_4b50 {
            let nameLength = Int(le16(bytes, position + 28))
            let extraLength = Int(le16(bytes, position + 30))
            let commentLength = Int(le16(bytes, position + 32))
            let nameStart = position + 46
            guard nameStart + nameLength <= bytes.count else { return nil }
            let name = bytes[nameStart..<(nameStart + nameLength)]
            if name.contains(0x5C) { return String(decoding: name, as: UTF8.self) }
            position = nameStart + nameLength + extraLength + commentLength
        }
        return nil
    }

    /// The central directory's offset and length, from the end-of-central-directory record (ZIP64 aware).
    private static func directory(read: (Int64, Int) -> [UInt8]?, size: Int64) -> (Int64, Int)? {
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

    /// Reads from the file at `path`.
    static func firstNameWithBackslash(path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return firstNameWithBackslash(
            read: { offset, count in
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
            }, size: Int64(status.st_size))
    }

    /// Reads from an archive held in memory.
    static func firstNameWithBackslash(memory: ZipMemoryImage) -> String? {
        firstNameWithBackslash(
            read: { offset, count in
                guard offset >= 0, offset <= Int64(memory.count), Int64(count) <= Int64(memory.count) - offset else { return nil }
                return Array(UnsafeRawBufferPointer(start: memory.base + Int(offset), count: count))
            }, size: Int64(memory.count))
    }

    private static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(le16(bytes, at)) | UInt32(le16(bytes, at + 2)) << 16
    }

    private static func le64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        UInt64(le32(bytes, at)) | UInt64(le32(bytes, at + 4)) << 32
    }
}
