/// An F&O enum and the symbol names DMF exports for it (the enum's members in the application metadata).
public struct FOEnumSchema: Sendable, Equatable {
    /// The name of the NoYes enum, which F&O uses for booleans.
    public static let noYesName = "NoYes"

    /// The enum name, e.g. `CustAccountStatement`.
    public let name: String
    /// The symbols in declaration order.
    public let symbols: [String]
    /// Whether the symbol list is incomplete: a symbol that is not listed is a warning, not an error.
    public let isOpen: Bool
    /// The full number of members when the reference gives it (for truncated lists).
    public let memberCount: Int?
    /// Free text for the reader of a report.
    public let note: String?
    /// Where the members come from.
    public let source: String?
    private let symbolSet: Set<String>
    private let symbolsByLowercase: [String: String]

    public init(
        name: String, symbols: [String], isOpen: Bool = false, memberCount: Int? = nil, note: String? = nil, source: String? = nil
    ) {
        self.source = source
        self.name = name
        self.symbols = symbols
        self.isOpen = isOpen
        self.memberCount = memberCount
        self.note = note
        symbolSet = Set(symbols)
        symbolsByLowercase = Dictionary(symbols.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `symbol` is one of the listed symbols, spelled exactly.
    public func contains(_ symbol: String) -> Bool { symbolSet.contains(symbol) }

    /// The listed symbol that equals `text` ignoring case (DMF may accept either spelling).
    public func symbol(matchingIgnoringCase text: String) -> String? { symbolsByLowercase[text.lowercased()] }

    public static func == (lhs: FOEnumSchema, rhs: FOEnumSchema) -> Bool {
        lhs.name == rhs.name && lhs.symbols == rhs.symbols && lhs.isOpen == rhs.isOpen && lhs.memberCount == rhs.memberCount
            && lhs.note == rhs.note && lhs.source == rhs.source
    }
}

/// The stored facts, not the symbol lookups (`init` builds them again): what the bundled catalog's image holds.
extension FOEnumSchema: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, symbols, isOpen, memberCount, note, source
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try values.decode(String.self, forKey: .name), symbols: try values.decode([String].self, forKey: .symbols),
            isOpen: try values.decode(Bool.self, forKey: .isOpen), memberCount: try values.decodeIfPresent(Int.self, forKey: .memberCount),
            note: try values.decodeIfPresent(String.self, forKey: .note), source: try values.decodeIfPresent(String.self, forKey: .source))
    }
}
