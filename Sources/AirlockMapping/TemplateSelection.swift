import AirlockModel

/// Which templates a run uses: a bundled set, with a folder of edited copies over it or not.
///
/// `--templates` takes either a bundled set's name (`dual-write`, `prospect-to-cash`) or a folder written by
/// `airlock templates export`; a bare set name wins over a folder of that name, which is written `./dual-write`.
public struct TemplateSelection: Sendable, Hashable {
    /// The bundled set the templates are taken from (a folder's files replace its files of the same name).
    public var set: TemplateSetName
    /// A folder of edited templates, or nil.
    public var directory: String?

    public init(set: TemplateSetName = .standard, directory: String? = nil) {
        self.set = set
        self.directory = directory
    }

    /// Reads a `--templates` argument: a set's name, or a folder (nil: the default set).
    public init(argument: String?) {
        guard let argument else {
            self.init()
            return
        }
        if let set = TemplateSetName(rawValue: argument) {
            self.init(set: set)
        } else {
            self.init(directory: argument)
        }
    }

    /// Reads what a conversion's options recorded: the set's name (nil: the default) and the folder.
    /// - Throws: `AirlockError(.usage)` for a set name that no bundled set has.
    public init(setName: String?, directory: String?) throws {
        var set = TemplateSetName.standard
        if let setName {
            guard let named = TemplateSetName(rawValue: setName) else {
                throw AirlockError(
                    .usage,
                    "unknown template set '\(setName)'; the bundled sets are \(TemplateSetName.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            set = named
        }
        self.init(set: set, directory: directory)
    }
}
