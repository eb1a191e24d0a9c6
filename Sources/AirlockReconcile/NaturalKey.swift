/// One record's natural key as text: the company (F&O `dataAreaId`, nil for Sales) and the key parts in order.
///
/// Used to look a single key up (a reference value, a test) and to name a record in reports; bulk work
/// reads keys straight from table bytes through `BoundKey`.
public struct NaturalKey: Sendable, Hashable, CustomStringConvertible {
    public var company: String?
    /// The key parts in key order; nil stands for a null value (which makes the key incomplete).
    public var parts: [String?]

    public init(company: String? = nil, parts: [String?]) {
        self.company = company
        self.parts = parts
    }

    /// A one-part key.
    public init(company: String? = nil, _ part: String) {
        self.init(company: company, parts: [part])
    }

    /// Writes the key in `BoundKey`'s encoding; false when a part is null or empty after normalisation.
    func encode(normalization: KeyNormalization, into buffer: inout [UInt8]) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        if var company {
            guard company.withUTF8({ BoundKey.appendPart(UnsafeRawBufferPointer($0), normalization, &buffer) }) else { return false }
        }
        for part in parts {
            guard var part else { return false }
            guard part.withUTF8({ BoundKey.appendPart(UnsafeRawBufferPointer($0), normalization, &buffer) }) else { return false }
        }
        return true
    }

    /// `company/part/part`, for messages.
    public var description: String {
        ([company].compactMap { $0 } + parts.map { $0 ?? "(null)" }).joined(separator: "/")
    }
}
