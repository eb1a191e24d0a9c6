import AirlockModel
import Yams

/// A node of a catalog YAML file with the key path that leads to it, so that every error names the file,
/// the line and column (from Yams' marks) and the key.
struct CatalogNode {
    let node: Node
    /// The key path, e.g. `foEntities[0].fields.CUSTOMERACCOUNT.length`.
    let path: String
    /// The file the node comes from.
    let file: String
    /// The entity the node belongs to, once known (label or logical name).
    var entity: String?

    /// One entry of a mapping: the key's text, the key node and the value node.
    struct Entry {
        let key: String
        let keyNode: CatalogNode
        let value: CatalogNode
    }

    /// Where the node starts.
    var location: SourceLocation {
        SourceLocation(file: file, line: node.mark?.line, column: node.mark?.column, entity: entity, field: path.isEmpty ? nil : path)
    }

    /// An `.invalidCatalog` error at this node.
    func error(_ message: String) -> AirlockError {
        AirlockError(.invalidCatalog, message, at: location)
    }

    /// A node below this one, reached by `key`.
    func child(_ node: Node, key: String) -> CatalogNode {
        CatalogNode(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file, entity: entity)
    }

    /// The entries of a mapping, in file order.
    func entries() throws -> [Entry] {
        guard let mapping = node.mapping else { throw error("expected a mapping (key: value lines), found \(kind)") }
        return try mapping.map { pair in
            guard let key = pair.key.scalar?.string else {
                throw CatalogNode(node: pair.key, path: path, file: file, entity: entity).error("expected a plain key, found \(kindOf(pair.key))")
            }
            return Entry(key: key, keyNode: child(pair.key, key: key), value: child(pair.value, key: key))
        }
    }

    /// The entries of a mapping whose keys must all be in `allowed`.
    func entries(allowing allowed: Set<String>) throws -> [Entry] {
        let all = try entries()
        if let unknown = all.first(where: { !allowed.contains($0.key) }) {
            throw unknown.keyNode.error("unknown key '\(unknown.key)'; expected one of: \(allowed.sorted().joined(separator: ", "))")
        }
        return all
    }

    /// The items of a sequence.
    func items() throws -> [CatalogNode] {
        guard let sequence = node.sequence else { throw error("expected a list, found \(kind)") }
        return sequence.enumerated().map { index, item in
            CatalogNode(node: item, path: "\(path)[\(index)]", file: file, entity: entity)
        }
    }

    /// The text of a scalar.
    func text() throws -> String {
        guard let scalar = node.scalar else { throw error("expected a single value, found \(kind)") }
        return scalar.string
    }

    /// The text of a scalar that must not be empty.
    func name() throws -> String {
        let value = try text().trimmingASCIIWhitespace()
        guard !value.isEmpty else { throw error("expected a name, found nothing") }
        return value
    }

    /// The text of a scalar, or nil when it is empty.
    func optionalText() throws -> String? {
        let value = try text()
        return value.isEmpty ? nil : value
    }

    /// A whole number.
    func integer() throws -> Int {
        let value = try text()
        guard let number = Int(value.trimmingASCIIWhitespace()) else { throw error("expected a whole number, found '\(value)'") }
        return number
    }

    /// A whole number that is zero or more.
    func count() throws -> Int {
        let number = try integer()
        guard number >= 0 else { throw error("expected a number of zero or more, found \(number)") }
        return number
    }

    /// `true` or `false` (YAML's `yes`/`no` are accepted too).
    func boolean() throws -> Bool {
        let value = try text()
        switch value.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error("expected true or false, found '\(value)'")
        }
    }

    /// A list of names (`[A, B]` or one item per line); a single name is taken as a list of one.
    func names() throws -> [String] {
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
