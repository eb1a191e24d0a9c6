import Crypto

/// A deterministic record GUID: UUID version 5 (RFC 9562, SHA-1) of (entity, company, natural key) under
/// the fixed Airlock namespace, so re-running a conversion gives the same GUIDs and a re-import updates
/// records instead of duplicating them.
///
/// The name hashed is built from components, each trimmed of ASCII whitespace and lower-cased (as
/// `KeyNormalization.caseInsensitive` does), then written as `<UTF-8 byte count>:<bytes>;` and concatenated:
/// entity logical name, company (empty for none), then each key part. For entity `account`, company `USMF`
/// and key `US-001` the name is `7:account;4:usmf;6:us-001;`. Length prefixes make the join unambiguous
/// whatever the parts contain. Changing the namespace or this encoding changes every GUID: never do it.
public struct StableIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// The Airlock namespace UUID, `98552b2d-7a82-4221-acee-b9609ee01eff` (generated once at random; fixed forever).
    public static let airlockNamespace = StableIdentifier(
        bytes: [0x98, 0x55, 0x2B, 0x2D, 0x7A, 0x82, 0x42, 0x21, 0xAC, 0xEE, 0xB9, 0x60, 0x9E, 0xE0, 0x1E, 0xFF])

    /// The 16 bytes in network order.
    public let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses canonical text (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, any case, optional braces); nil otherwise.
    public init?(_ text: String) {
        var utf8 = Array(text.utf8)
        if utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}") { utf8 = Array(utf8.dropFirst().dropLast()) }
        guard utf8.count == 36 else { return nil }
        var bytes: [UInt8] = []
        var high: UInt8?
        for (offset, char) in utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard char == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch char {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = char - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = char - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = char - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let value = high {
                bytes.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        self.bytes = bytes
    }

    /// The UUID version 5 of `name` (its UTF-8 bytes) under `namespace`, per RFC 9562 §5.5.
    public static func version5(namespace: StableIdentifier, name: [UInt8]) -> StableIdentifier {
        var sha = Insecure.SHA1()
        namespace.bytes.withUnsafeBytes { sha.update(bufferPointer: $0) }
        name.withUnsafeBytes { sha.update(bufferPointer: $0) }
        var bytes = Array(sha.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return StableIdentifier(bytes: bytes)
    }

    /// The exact name string hashed for a record (see the type's documentation).
    public static func name(entity: String, company: String?, key: [String]) -> String {
        ([entity, company ?? ""] + key).map { component in
            let normalized = KeyNormalization.caseInsensitive.normalize(component) ?? ""
            return "\(normalized.utf8.count):\(normalized);"
        }.joined()
    }

    /// The stable GUID for a record of `entity` (logical name) in `company` (nil for none) with natural key `key`.
    public static func record(entity: String, company: String?, key: [String]) -> StableIdentifier {
        // The bytes of `name(entity:company:key:)`, built without intermediate strings.
        var name: [UInt8] = []
        name.reserveCapacity(128)
        var part: [UInt8] = []
        appendComponent(entity, to: &name, scratch: &part)
        appendComponent(company ?? "", to: &name, scratch: &part)
        for component in key { appendComponent(component, to: &name, scratch: &part) }
        return version5(namespace: airlockNamespace, name: name)
    }

    /// Appends `<UTF-8 byte count>:<normalised bytes>;` of one name component.
    private static func appendComponent(_ component: String, to name: inout [UInt8], scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        var text = component
        _ = text.withUTF8 { KeyNormalization.caseInsensitive.append(UnsafeRawBufferPointer($0), to: &scratch) }
        name.append(contentsOf: String(scratch.count).utf8)
        name.append(UInt8(ascii: ":"))
        name.append(contentsOf: scratch)
        name.append(UInt8(ascii: ";"))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Lower-case canonical text, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    public var description: String {
        // 36 characters for the 16 bytes every identifier has; the capacity follows the bytes whatever they are.
        String(unsafeUninitializedCapacity: bytes.count * 2 + 4) { text in
            var index = 0
            for (offset, byte) in bytes.enumerated() {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                    text[index] = UInt8(ascii: "-")
                    index += 1
                }
                text[index] = Self.hexDigit(byte >> 4)
                text[index + 1] = Self.hexDigit(byte & 0x0F)
                index += 2
            }
            return index
        }
    }
}
