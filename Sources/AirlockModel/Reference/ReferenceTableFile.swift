import Foundation

/// The generated reference tables' text (`Resources/reference/countries.txt`, `subdivisions.txt`, `currencies.txt`,
/// written by `bin/generate-reference-tables`), compiled into the target by the EmbedResources plugin as every
/// bundled data file is. Lines starting with `#` (where the table comes from, its layout) are left out.
enum ReferenceTableFile {
    /// The text of `reference/<name>.txt` without its comment lines.
    /// - Precondition: the build carries the file (a source tree without it does not build a working binary, so
    ///   this is no input a user gives).
    static func text(_ name: String) -> String {
        guard let entry = embeddedResources.first(where: { $0.path == "reference/\(name).txt" }),
            let data = Data(base64Encoded: entry.base64), let text = String(data: data, encoding: .utf8)
        else {
            preconditionFailure("the build carries no readable reference/\(name).txt (a broken source tree)")
        }
        return withoutCommentLines(text)
    }

    /// `text` without its lines that start with `#` (and their line breaks), the other lines as they are: one pass
    /// over the bytes, not a string per line.
    static func withoutCommentLines(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var start = 0
            var first = true
            while start <= bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if end == start || bytes[start] != UInt8(ascii: "#") {
                    if !first { kept.append(UInt8(ascii: "\n")) }
                    kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    first = false
                }
                start = end + 1
            }
            return String(decoding: kept, as: UTF8.self)
        }
    }
}
