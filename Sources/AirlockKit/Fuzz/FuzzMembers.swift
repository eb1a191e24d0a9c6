/// The plain container the package fuzz targets read, so the fuzzer mutates member contents directly instead
/// of compressed zip bytes: each member starts with a line `==> NAME <==`, and its bytes run up to the next
/// such line or the end. `bin/fuzz` builds seeds in this form from the sample packages.
public enum FuzzMembers {
    static let open = Array("==> ".utf8)
    static let close = Array(" <==\n".utf8)

    /// The members in `bytes`, in order; bytes before the first header are ignored.
    public static func split(_ bytes: [UInt8]) -> [(name: String, bytes: [UInt8])] {
        var members: [(name: String, bytes: [UInt8])] = []
        var headers: [(start: Int, contentStart: Int, name: String)] = []
        var index = 0
        while index + open.count <= bytes.count {
            if index == 0 || bytes[index - 1] == 0x0A, bytes[index..<(index + open.count)].elementsEqual(open),
                let end = firstClose(in: bytes, from: index + open.count)
            {
                headers.append((index, end + close.count, String(decoding: bytes[(index + open.count)..<end], as: UTF8.self)))
                index = end + close.count
            } else {
                index += 1
            }
        }
        for (position, header) in headers.enumerated() {
            // `join` ends every member with a line feed of its own; drop it.
            var end = position + 1 < headers.count ? headers[position + 1].start : bytes.count
            if end > header.contentStart, bytes[end - 1] == 0x0A { end -= 1 }
            members.append((header.name, Array(bytes[header.contentStart..<max(end, header.contentStart)])))
        }
        return members
    }

    /// The container holding `members` (for writing seeds and tests).
    public static func join(_ members: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var result: [UInt8] = []
        for member in members {
            result += open + Array(member.name.utf8) + close + member.bytes + [0x0A]
        }
        return result
    }

    private static func firstClose(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + close.count <= bytes.count && index - start < 512 {
            if bytes[index] == 0x0A { return nil }
            if bytes[index..<(index + close.count)].elementsEqual(close) { return index }
            index += 1
        }
        return nil
    }
}
