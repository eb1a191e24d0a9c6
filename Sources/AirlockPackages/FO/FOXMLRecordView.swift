/// A record of an XML entity file: the values' bytes laid end to end, where each column's value is, and how the
/// record was written (its element's name, which values were attributes), for a consumer that writes it again.
public struct FOXMLRecordView: FORecordView {
    let bytes: UnsafeRawBufferPointer
    let slots: [Range<Int>?]
    /// The local name of the record's element (`CUSTCUSTOMERV3ENTITY`).
    public let element: String
    /// Where child elements' values start in `bytes`: attribute values are laid before it (the scanner leaves one
    /// byte between the two, so that an empty value on either side is told apart).
    let elementsStart: Int

    init(bytes: UnsafeRawBufferPointer, slots: [Range<Int>?], element: String, elementsStart: Int) {
        self.bytes = bytes
        self.slots = slots
        self.element = element
        self.elementsStart = elementsStart
    }

    public var count: Int { slots.count }

    public func withValue<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard index < slots.count, let range = slots[index] else { return try body(nil) }
        return try body(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    /// Whether column `index`'s value was an attribute of the record's element (XML-Attribute) rather than a child
    /// element (XML-Element); nil when the record has no value there.
    public func isAttribute(_ index: Int) -> Bool? {
        guard index < slots.count, let range = slots[index] else { return nil }
        return range.lowerBound < elementsStart
    }
}
