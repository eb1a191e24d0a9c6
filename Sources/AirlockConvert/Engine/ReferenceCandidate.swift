/// A place an F&O record named by a Sales → F&O value may be: records another flow writes, or a table of
/// the F&O export.
enum ReferenceCandidate: CustomStringConvertible {
    /// The accepted records of flow `flow`, by `column`.
    case output(flow: String, column: String)
    /// The F&O export's entity `label`, by `column`.
    case export(label: String, column: String)

    var description: String {
        switch self {
        case .output(let flow, let column): "the \(flow) output (\(column))"
        case .export(let label, let column): "the F&O export's \(label) (\(column))"
        }
    }
}
