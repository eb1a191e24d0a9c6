import AirlockModel

/// What `convert --assign-keys` asks for, per Sales entity it numbers: the key pattern of its records.
///
/// Each value is `[ENTITY=]FORM`: FORM is `p2c` or a numbered pattern (`KeyPattern`), ENTITY `account` or `contact`.
/// A value without an entity applies to every entity no other value names. Entities given the same numbered
/// pattern draw from one running sequence (accounts first, then contacts), so that their keys never meet: both
/// become F&O customers and parties, which share one key space.
struct KeyAssignmentSpec: Sendable, Hashable {
    /// The Sales entities `--assign-keys` numbers, in the order they are numbered.
    static let entities = ["account", "contact"]

    /// Per entity, its pattern.
    let patterns: [String: KeyPattern]

    /// Parses the option's values.
    /// - Throws: `AirlockError(.usage)` for an unknown entity, an entity named twice, a value that is neither
    ///   `p2c` nor a pattern, or no value at all.
    init(_ values: [String]) throws {
        guard !values.isEmpty else { throw AirlockError(.usage, "--assign-keys takes p2c or a pattern such as C{000001}") }
        var named: [String: KeyPattern] = [:]
        var general: KeyPattern?
        for value in values {
            let text = value.trimmingASCIIWhitespace()
            var entity: String?
            var form = text
            if let equals = text.firstIndex(of: "=") {
                entity = String(text[..<equals]).trimmingASCIIWhitespace().lowercased()
                form = String(text[text.index(after: equals)...]).trimmingASCIIWhitespace()
            }
            if let entity, !Self.entities.contains(entity) {
                throw AirlockError(
                    .usage,
                    "--assign-keys names '\(entity)'; it numbers \(Self.entities.joined(separator: " and ")) (account=PATTERN, contact=PATTERN)"
                )
            }
            guard !form.isEmpty else {
                throw AirlockError(.usage, "--assign-keys '\(value)' gives no pattern: p2c or a pattern such as C{000001}")
            }
            let pattern = form.lowercased() == "p2c" ? nil : try KeyPattern.numbered(form)
            if let entity {
                guard named[entity] == nil else { throw AirlockError(.usage, "--assign-keys names \(entity) twice") }
                named[entity] = pattern ?? KeyPattern.p2c(entity: entity)
            } else {
                guard general == nil else {
                    throw AirlockError(
                        .usage, "--assign-keys is given twice without an entity: give one pattern, or account=… and contact=…")
                }
                general = pattern ?? KeyPattern(form: .p2c(prefix: ""), text: "p2c")
            }
        }
        var patterns = named
        for entity in Self.entities where patterns[entity] == nil {
            guard let general else { continue }
            if case .p2c = general.form { patterns[entity] = KeyPattern.p2c(entity: entity) } else { patterns[entity] = general }
        }
        self.patterns = patterns
    }
}
