import AirlockModel
import Yams

extension YAMLNode {
    /// Parses YAML `text` into its root node, or nil for an empty document; a YAML syntax error becomes an
    /// `AirlockError` with `code`, the file, line and column.
    public static func root(yaml text: String, file: String, code: AirlockError.Code) throws -> YAMLNode? {
        let root: Node?
        do {
            // `.basic`: every scalar is text, read by `YAMLNode`'s typed accessors. Yams' default resolver tries a
            // regular expression per type on every scalar, which was most of the start-up of a command.
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw airlockError(error, file: file, code: code)
        }
        guard let root else { return nil }
        if case .scalar(let scalar) = root, scalar.string.trimmingASCIIWhitespace().isEmpty { return nil }
        return YAMLNode(node: root, path: "", file: file, code: code)
    }

    /// A Yams parse error as an `AirlockError` with the file, line and column.
    public static func airlockError(_ error: YamlError, file: String, code: AirlockError.Code) -> AirlockError {
        func located(_ message: String, _ mark: Mark?) -> AirlockError {
            AirlockError(code, "not valid YAML: \(message)", at: SourceLocation(file: file, line: mark?.line, column: mark?.column))
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
