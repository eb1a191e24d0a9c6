/// Finds a name (a field's column, an entity) from the raw bytes of an XML attribute without creating a `String`.
///
/// CMT writes fields in schema order and leaves nulls out, so the next field is almost always a little
/// further along than the last one: the search starts there and wraps around.
public struct CMTNameMatcher: Sendable {
    public private(set) var names: [[UInt8]]
    private var last = -1

    public init(_ names: [String] = []) {
        self.names = names.map { Array($0.utf8) }
    }

    /// Adds a name; returns its index.
    @discardableResult
    public mutating func add(_ name: String) -> Int {
        names.append(Array(name.utf8))
        return names.count - 1
    }

    /// The index of the name equal to `bytes`, or nil.
    public mutating func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        let count = names.count
        guard count > 0 else { return nil }
        var candidate = last + 1
        for _ in 0..<count {
            if candidate >= count { candidate = 0 }
            if Self.equal(names[candidate], bytes) {
                last = candidate
                return candidate
            }
            candidate += 1
        }
        return nil
    }

    private static func equal(_ name: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard name.count == bytes.count else { return false }
        return name.withUnsafeBufferPointer { stored in
            var index = 0
            while index < stored.count {
                if stored[index] != bytes[index] { return false }
                index += 1
            }
            return true
        }
    }
}
