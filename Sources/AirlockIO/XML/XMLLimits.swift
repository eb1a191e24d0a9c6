/// Bounds on what an XML reader accepts, so hostile input fails fast instead of exhausting memory.
public struct XMLLimits: Sendable, Equatable {
    /// Deepest element nesting accepted. Package XML is at most about six levels deep.
    public var maxDepth: Int
    /// Whether a DOCTYPE (and so any DTD or entity declaration) is refused. Package XML never has one.
    public var refuseDocumentType: Bool

    public init(maxDepth: Int = 64, refuseDocumentType: Bool = true) {
        self.maxDepth = maxDepth
        self.refuseDocumentType = refuseDocumentType
    }

    /// The defaults: 64 levels, no DOCTYPE. libxml2's own limits (10 MB text nodes, no network) also apply.
    public static let `default` = XMLLimits()
}
