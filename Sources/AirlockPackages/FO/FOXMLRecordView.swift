/// A record of an XML entity file: the values' bytes laid end to end, and where each column's value is.
struct FOXMLRecordView: FORecordView {
    let bytes: UnsafeRawBufferPointer
    let slots: [Range<Int>?]

    var count: Int { slots.count }

    func withValue<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard index < slots.count, let range = slots[index] else { return try body(nil) }
        return try body(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }
}
