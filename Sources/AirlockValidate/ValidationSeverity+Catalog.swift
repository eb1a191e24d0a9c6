import AirlockModel

extension ValidationSeverity {
    /// The severity of a finding that rests on a catalog fact of `certainty`: a platform limit is always an
    /// error; otherwise the entry's `enforcement` (set by a catalog extension) wins, then documented facts are
    /// errors and guesses warnings.
    static func resting(on certainty: CatalogCertainty, enforcement: CatalogEnforcement?) -> ValidationSeverity {
        certainty.isEnforced(with: enforcement) ? .error : .warning
    }
}

extension CatalogCertainty {
    /// The words a finding ends with to say what kind of fact it rests on and what the user can do.
    func findingNote(origin: CatalogOrigin? = nil, enforcement: CatalogEnforcement? = nil) -> String {
        switch self {
        case .platform:
            return " [platform limit: Dataverse enforces it in every environment]"
        case .documented:
            let source: String
            switch origin {
            case .solution: source = "the Prospect to cash solution"
            case .tableReference: source = "Microsoft's Dataverse table reference"
            case .environment: source = "your catalog extension"
            default: source = "Microsoft's documentation"
            }
            let override =
                enforcement == .warning
                ? "; reported as a warning by your catalog extension" : "; if your environment customised it, say so in a catalog extension"
            return " [documented: \(source)\(override)]"
        case .guess:
            return enforcement == .error
                ? " [a guess, made strict by your catalog extension]" : " [a guess no source confirms: check it in the target environment]"
        }
    }
}
