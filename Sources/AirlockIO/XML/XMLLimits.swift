/// Bounds on what an XML reader accepts, so hostile input fails fast instead of exhausting memory.
public struct XMLLimits: Sendable, Equatable {
    /// Deepest element nesting accepted. Package XML is at most about six levels deep.
    public var maxDepth: Int
    /// Whether a DOCTYPE (and so any DTD or entity declaration) is refused. Package XML never has one.
    public var refuseDocumentType: Bool
    /// Longest text node accepted, in UTF-8 bytes: libxml2's own limit for a text node (`XML_MAX_TEXT_LENGTH`).
    public var maxTextLength: Int

    public init(maxDepth: Int = 64, refuseDocumentType: Bool = true, maxTextLength: Int = 10_000_000) {
        self.maxDepth = maxDepth
        self.refuseDocumentType = refuseDocumentType
        self.maxTextLength = maxTextLength
    }

    /// The defaults: 64 levels, no DOCTYPE, text nodes up to 10 MB. libxml2's limits on names and attribute
    /// values, and its refusal of network access, also apply.
    public static let `default` = XMLLimits()
}
