import AirlockModel
import Yams

/// A node of a YAML data file (schema catalog, mapping templates) with the key path that leads to it, so that
/// every error names the file, the line and column (from Yams' marks) and the key.
public struct YAMLNode {
    public let node: Node
    /// The key path, e.g. `foEntities[0].fields.CUSTOMERACCOUNT.length`.
    public let path: String
    /// The file the node comes from.
    public let file: String
    /// The error code of the kind of file (`.invalidCatalog`, `.invalidTemplate`).
    public let code: AirlockError.Code
    /// The entity the node belongs to, once known (label or logical name).
    public var entity: String?

    public init(node: Node, path: String, file: String, code: AirlockError.Code, entity: String? = nil) {
        self.node = node
        self.path = path
        self.file = file
        self.code = code
        self.entity = entity
    }

    /// One entry of a mapping: the key's text, the key node and the value node.
    public struct Entry {
        public let key: String
        public let keyNode: YAMLNode
        public let value: YAMLNode
    }

    /// Where the node starts.
    public var location: SourceLocation {
        SourceLocation(file: file, line: node.mark?.line, column: node.mark?.column, entity: entity, field: path.isEmpty ? nil : path)
    }

    /// An error of the file's kind at this node.
    public func error(_ message: String) -> AirlockError {
        AirlockError(code, message, at: location)
    }

    /// A node below this one, reached by `key`.
    public func child(_ node: Node, key: String) -> YAMLNode {
        YAMLNode(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file, code: code, entity: entity)
    }

    /// The entries of a mapping, in file order.
    public func entries() throws -> [Entry] {
        guard let mapping = node.mapping else { throw error("expected a mapping (key: value lines), found \(kind)") }
        return try mapping.map { pair in
            guard let key = pair.key.scalar?.string else {
                throw YAMLNode(node: pair.key, path: path, file: file, code: code, entity: entity).error(
                    "expected a plain key, found \(kindOf(pair.key))")
            }
            return Entry(key: key, keyNode: child(pair.key, key: key), value: child(pair.value, key: key))
        }
    }

    /// The entries of a mapping whose keys must all be in `allowed`.
    public func entries(allowing allowed: Set<String>) throws -> [Entry] {
        let all = try entries()
        if let unknown = all.first(where: { !allowed.contains($0.key) }) {
            throw unknown.keyNode.error("unknown key '\(unknown.key)'; expected one of: \(allowed.sorted().joined(separator: ", "))")
        }
        return all
    }

    /// The items of a sequence.
    public func items() throws -> [YAMLNode] {
        guard let sequence = node.sequence else { throw error("expected a list, found \(kind)") }
        return sequence.enumerated().map { index, item in
            YAMLNode(node: item, path: "\(path)[\(index)]", file: file, code: code, entity: entity)
        }
    }

    /// The items of a sequence, or the node itself when it is a mapping (one item written without a list).
    public func itemsOrSingle() throws -> [YAMLNode] {
        node.mapping != nil ? [self] : try items()
    }

    /// One of `choices` (matched exactly), or an error listing them.
    public func choice<T>(_ choices: [String: T]) throws -> T {
        let value = try text().trimmingASCIIWhitespace()
        guard let chosen = choices[value] else {
            throw error("unknown value '\(value)'; expected one of: \(choices.keys.sorted().joined(separator: ", "))")
        }
        return chosen
    }

    /// The text of a scalar.
    public func text() throws -> String {
        guard let scalar = node.scalar else { throw error("expected a single value, found \(kind)") }
        return scalar.string
    }

    /// The text of a scalar that must not be empty.
    public func name() throws -> String {
        let value = try text().trimmingASCIIWhitespace()
        guard !value.isEmpty else { throw error("expected a name, found nothing") }
        return value
    }

    /// The text of a scalar, or nil when it is empty.
    public func optionalText() throws -> String? {
        let value = try text()
        return value.isEmpty ? nil : value
    }

    /// A whole number.
    public func integer() throws -> Int {
        let value = try text()
        guard let number = Int(value.trimmingASCIIWhitespace()) else { throw error("expected a whole number, found '\(value)'") }
        return number
    }

    /// A whole number that is zero or more.
    public func count() throws -> Int {
        let number = try integer()
        guard number >= 0 else { throw error("expected a number of zero or more, found \(number)") }
        return number
    }

    /// `true` or `false` (YAML's `yes`/`no` are accepted too).
    public func boolean() throws -> Bool {
        let value = try text()
        switch value.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error("expected true or false, found '\(value)'")
        }
    }

    /// A list of names (`[A, B]` or one item per line); a single name is taken as a list of one.
    public func names() throws -> [String] {
        if node.scalar != nil { return [try name()] }
        return try items().map { try $0.name() }
    }

    private var kind: String { kindOf(node) }

    private func kindOf(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "the value '\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
