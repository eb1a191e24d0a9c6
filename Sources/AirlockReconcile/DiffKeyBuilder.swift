import AirlockModel

/// Encodes a natural key as bytes for a `DiffKeyIndex`, every part length-prefixed so that ("ab", "c") and
/// ("a", "bc") differ; key parts are compared exactly as read (the exports come from one system, which writes a key
/// the same way each time), a single trailing carriage return dropped unless the builder is `exact`.
public struct DiffKeyBuilder: Sendable {
    @usableFromInline var store = ByteStore(capacity: 128)
    /// Whether parts are taken as they are, a trailing carriage return included.
    public let exact: Bool

    public init(exact: Bool = false) {
        self.exact = exact
    }

    @inlinable
    public mutating func reset() { store.removeAll() }

    /// Adds one key part (nil: empty).
    @inlinable
    public mutating func add(_ part: UnsafeRawBufferPointer?) {
        var value = part ?? UnsafeRawBufferPointer(start: nil, count: 0)
        if !exact, let last = value.last, last == 0x0D { value = UnsafeRawBufferPointer(rebasing: value.dropLast()) }
        if value.count < 0x80 { store.append(UInt8(value.count)) } else { Varint.append(UInt64(value.count), to: &store) }
        store.append(value)
    }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Calls `body` with the encoded key; the bytes stay valid only during the call.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try store.withBytes(body)
    }

    /// The encoded key, as an array (a copy).
    public var bytes: [UInt8] { store.bytes }

    /// The parts of an encoded key, as text.
    public static func parts(_ encoded: ArraySlice<UInt8>) -> [String] {
        var parts: [String] = []
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let length = Varint.read(encoded, at: &index)
            let end = min(index + length, encoded.endIndex)
            parts.append(String(decoding: encoded[index..<end], as: UTF8.self))
            index = end
        }
        return parts
    }
}
