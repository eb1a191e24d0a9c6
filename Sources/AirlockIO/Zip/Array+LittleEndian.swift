extension [UInt8] {
    /// Appends `value`'s bytes, least significant first (zip's byte order).
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
