/// An attribute of a start element in an `XMLEventBuffer`: qualified name and decoded value, as arena ranges.
struct XMLEventAttribute {
    var nameStart: Int32
    var nameCount: Int32
    var valueStart: Int32
    var valueCount: Int32
}
