import AirlockModel
import Yams

/// A node of a template or value-map YAML file with the key path that leads to it, so that every error names the
/// file, the line and column (from Yams' marks) and the key.
struct TemplateNode {
    let node: Node
    /// The key path, e.g. `fields[3].valueMap`.
    let path: String
    /// The file the node comes from.
    let file: String

    /// One entry of a mapping: the key's text, the key node and the value node.
    struct Entry {
        let key: String
        let keyNode: TemplateNode
        let value: TemplateNode
    }

    /// Where the node starts.
    var location: SourceLocation {
        SourceLocation(file: file, line: node.mark?.line, column: node.mark?.column, field: path.isEmpty ? nil : path)
    }

    /// An `.invalidTemplate` error at this node.
    func error(_ message: String) -> AirlockError {
        AirlockError(.invalidTemplate, message, at: location)
    }

    /// A node below this one, reached by `key`.
    func child(_ node: Node, key: String) -> TemplateNode {
        TemplateNode(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// The entries of a mapping, in file order.
    func entries() throws -> [Entry] {
        guard let mapping = node.mapping else { throw error("expected a mapping (key: value lines), found \(kind)") }
        return try mapping.map { pair in
            guard let key = pair.key.scalar?.string else {
                throw TemplateNode(node: pair.key, path: path, file: file).error("expected a plain key, found \(Self.kindOf(pair.key))")
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
    func items() throws -> [TemplateNode] {
        guard let sequence = node.sequence else { throw error("expected a list, found \(kind)") }
        return sequence.enumerated().map { index, item in TemplateNode(node: item, path: "\(path)[\(index)]", file: file) }
    }

    /// The items of a sequence, or the node itself when it is a mapping (one item written without a list).
    func itemsOrSingle() throws -> [TemplateNode] {
        node.mapping != nil ? [self] : try items()
    }

    /// The text of a scalar.
    func text() throws -> String {
        guard let scalar = node.scalar else { throw error("expected a single value, found \(kind)") }
        return scalar.string
    }

    /// The text of a scalar that must not be blank.
    func name() throws -> String {
        let value = try text().trimmingASCIIWhitespace()
        guard !value.isEmpty else { throw error("expected a name, found nothing") }
        return value
    }

    /// A whole number.
    func integer() throws -> Int {
        let value = try text()
        guard let number = Int(value.trimmingASCIIWhitespace()) else { throw error("expected a whole number, found '\(value)'") }
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

    /// One of `choices` (matched exactly), or an error listing them.
    func choice<T>(_ choices: [String: T]) throws -> T {
        let value = try text().trimmingASCIIWhitespace()
        guard let chosen = choices[value] else {
            throw error("unknown value '\(value)'; expected one of: \(choices.keys.sorted().joined(separator: ", "))")
        }
        return chosen
    }

    private var kind: String { Self.kindOf(node) }

    private static func kindOf(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "the value '\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}

extension TemplateNode {
    /// Parses YAML `text` into its root node; a YAML syntax error becomes an `.invalidTemplate` error with its line.
    static func root(yaml text: String, file: String) throws -> TemplateNode? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw airlockError(error, file: file)
        }
        guard let root else { return nil }
        if case .scalar(let scalar) = root, scalar.string.trimmingASCIIWhitespace().isEmpty { return nil }
        return TemplateNode(node: root, path: "", file: file)
    }

    private static func airlockError(_ error: YamlError, file: String) -> AirlockError {
        func located(_ message: String, _ mark: Mark?) -> AirlockError {
            AirlockError(.invalidTemplate, "not valid YAML: \(message)", at: SourceLocation(file: file, line: mark?.line, column: mark?.column))
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return located(context.map { "\(problem) (\($0.text))" } ?? problem, mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return located("duplicate key \(duplicates.joined(separator: ", "))", context.mark)
        case .reader(let problem, _, _, _):
            return located(problem, nil)
        default:
            return located(error.description, nil)
        }
    }
}
