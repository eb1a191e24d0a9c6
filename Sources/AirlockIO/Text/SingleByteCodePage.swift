import Foundation

/// A single-byte Windows or ISO code page: what Excel writes for a "CSV (Comma delimited)" save (the system's ANSI
/// code page: 1252 in Western Europe and the Americas, 1250 in Central Europe, 1251 for Cyrillic, 1253 Greek, 1254
/// Turkish) and what an F&O data format with a non-Unicode code page exports. Bytes below 0x80 are ASCII; each byte
/// above maps to one character, or to none where the code page leaves it undefined (an error naming the byte).
///
/// The tables come from Foundation's converters, one byte at a time, once per code page.
public enum SingleByteCodePage: String, Sendable, CaseIterable, Codable {
    case windows1250 = "windows-1250"
    case windows1251 = "windows-1251"
    case windows1252 = "windows-1252"
    case windows1253 = "windows-1253"
    case windows1254 = "windows-1254"
    case iso88591 = "iso-8859-1"
    case iso88592 = "iso-8859-2"

    /// The code page named `name`: its name (`windows-1252`, `iso-8859-1`), `cp1252`, or the bare number (`1252`),
    /// ignoring case; nil for any other name.
    public init?(name: String) {
        let lowered = name.lowercased().trimmingCharacters(in: .whitespaces)
        if let known = Self(rawValue: lowered) {
            self = known
            return
        }
        let digits = lowered.hasPrefix("cp") ? String(lowered.dropFirst(2)) : lowered
        guard let found = Self.allCases.first(where: { $0.rawValue == "windows-" + digits || $0.rawValue == "iso-" + digits }) else {
            return nil
        }
        self = found
    }

    /// The names an option accepts, for its help and its error.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    private var foundationEncoding: String.Encoding {
        switch self {
        case .windows1250: .windowsCP1250
        case .windows1251: .windowsCP1251
        case .windows1252: .windowsCP1252
        case .windows1253: .windowsCP1253
        case .windows1254: .windowsCP1254
        case .iso88591: .isoLatin1
        case .iso88592: .isoLatin2
        }
    }

    /// Per byte 0x80–0xFF, its character's UTF-8 bytes, empty where the code page defines none.
    public var upperHalf: [[UInt8]] { Self.tables[self] ?? [] }

    private static let tables: [SingleByteCodePage: [[UInt8]]] = {
        var tables: [SingleByteCodePage: [[UInt8]]] = [:]
        for page in allCases {
            tables[page] = (0x80...0xFF).map { byte in
                guard let text = String(bytes: [UInt8(byte)], encoding: page.foundationEncoding), text.unicodeScalars.count == 1 else {
                    return []
                }
                return Array(text.utf8)
            }
        }
        return tables
    }()
}
