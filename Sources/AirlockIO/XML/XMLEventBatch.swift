import AirlockModel
internal import CLibXML2
import Foundation

/// The nodes of one or more parsed chunks, in document order: `XMLEvent`s with their names and texts in an arena.
///
/// Batches are reused (`clear()`) and freed explicitly (`release()`) by their owner, `XMLChunkParser` or
/// `XMLBatchRing`; handing one on is a swap of a few words.
struct XMLEventBatch {
    var events: [XMLEvent] = []
    var attributes: [XMLEventAttribute] = []
    /// Names, attribute values and texts of `events`.
    private(set) var storage: UnsafeMutablePointer<UInt8>
    /// Bytes of the arena in use.
    private(set) var used = 0
    private var capacity: Int
    /// The document ends after this batch: normally, or with `failure`.
    var isLast = false
    /// The error that ends the document, after the nodes of this batch.
    var failure: AirlockError?

    init() {
        capacity = 1 << 16
        storage = .allocate(capacity: capacity)
    }

    /// Frees the arena; the batch is not used again.
    func release() {
        storage.deallocate()
    }

    /// Forgets every node, keeping the memory.
    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        used = 0
        isLast = false
        failure = nil
    }

    /// Appends text node `event` of another batch, whose text is `bytes`.
    mutating func appendText(_ event: XMLEvent, bytes: UnsafeRawBufferPointer) {
        var moved = event
        moved.bytesStart = Int32(used)
        if let base = bytes.baseAddress { append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        events.append(moved)
    }

    /// Adds the attribute whose qualified name was appended from `nameStart` and its value from `valueStart` on.
    mutating func addAttribute(nameStart: Int, valueStart: Int) {
        attributes.append(
            XMLEventAttribute(
                nameStart: Int32(nameStart), nameCount: Int32(valueStart - nameStart), valueStart: Int32(valueStart),
                valueCount: Int32(used - valueStart)))
    }

    /// Whether the bytes at `start..<start + count` are `key`.
    func matches(start: Int32, count: Int32, _ key: UnsafeRawBufferPointer) -> Bool {
        UnsafeRawBufferPointer(start: storage + Int(start), count: Int(count)).hasSameBytes(as: key)
    }

    /// The bytes at `start..<start + count` of the arena.
    func bytes(start: Int32, count: Int32) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + Int(start), count: Int(count))
    }

    private mutating func reserve(_ extra: Int) {
        guard used + extra > capacity else { return }
        var grown = capacity * 2
        while grown < used + extra { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: used)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    mutating func append(_ start: UnsafePointer<UInt8>, count extra: Int) {
        reserve(extra)
        (storage + used).update(from: start, count: extra)
        used += extra
    }

    mutating func append(byte: UInt8) {
        reserve(1)
        storage[used] = byte
        used += 1
    }

    mutating func append(cString: UnsafePointer<xmlChar>) {
        append(cString, count: Int(xmlStrlen(cString)))
    }

    mutating func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends an attribute value. Without entity substitution libxml2 hands `&` over as `&#38;` (for its tree
    /// builder to decode again); with DTDs refused that is the only reference left in a value.
    mutating func appendValue(_ start: UnsafePointer<xmlChar>, count length: Int) {
        guard memchr(start, Int32(UInt8(ascii: "&")), length) != nil else { return append(start, count: length) }
        let escaped: StaticString = "&#38;"
        let escapedLength = escaped.utf8CodeUnitCount
        var index = 0
        while index < length {
            if start[index] == UInt8(ascii: "&"), index + escapedLength <= length,
                memcmp(start + index, escaped.utf8Start, escapedLength) == 0
            {
                append(byte: UInt8(ascii: "&"))
                index += escapedLength
            } else {
                append(byte: start[index])
                index += 1
            }
        }
    }
}
