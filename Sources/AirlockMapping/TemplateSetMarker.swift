import AirlockModel
import AirlockYAML

/// Reads and writes `template-set.yaml`, the file in which a folder of edited templates names the bundled set it
/// edits: `base: dual-write`.
enum TemplateSetMarker {
    /// The set the file names.
    /// - Throws: `AirlockError(.invalidTemplate)` naming the file, line and column of an unknown key or set.
    static func read(_ file: TemplateFile) throws -> TemplateSetName {
        guard let root = try YAMLNode.root(yaml: file.text, file: file.path, code: .invalidTemplate) else { return .standard }
        var set = TemplateSetName.standard
        for entry in try root.entries(allowing: ["base"]) {
            set = try entry.value.choice(Dictionary(uniqueKeysWithValues: TemplateSetName.allCases.map { ($0.rawValue, $0) }))
        }
        return set
    }

    /// The file's text for `set`.
    static func text(for set: TemplateSetName) -> String {
        "# The bundled template set these files edit; files this folder lacks are taken from it.\nbase: \(set.rawValue)\n"
    }
}
