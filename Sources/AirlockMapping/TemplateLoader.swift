import AirlockModel
import AirlockYAML
import Foundation

/// Loads the mapping templates: the YAML files bundled with Airlock, or a folder of edited copies over them.
///
/// A folder (as written by `airlock templates export`) holds `<flow>.yaml` files and `value-maps.yaml`; each file
/// replaces the bundled file of the same name, and a bundled file the folder lacks is used as is. A file with a
/// new flow name adds a flow.
public enum TemplateLoader {
    // Each set is read the first time it is asked for, then shared.
    private static let prospectToCashResult = loadBundled(.prospectToCash)
    private static let dualWriteResult = loadBundled(.dualWrite)

    private static func loadBundled(_ set: TemplateSetName) -> Result<TemplateSet, AirlockError> {
        do {
            return .success(try load(files: try bundledFiles(set), set: set))
        } catch let error as AirlockError {
            return .failure(error)
        } catch {
            return .failure(
                AirlockError(.invalidTemplate, "the bundled templates (\(set)) cannot be loaded", cause: SystemErrorText.of(error)))
        }
    }

    /// A template set bundled with Airlock (the default: `prospect-to-cash`), read once and then shared.
    /// - Throws: `AirlockError` when a bundled file is missing or malformed (a packaging error).
    public static func bundled(_ set: TemplateSetName = .standard) throws -> TemplateSet {
        switch set {
        case .prospectToCash: return try prospectToCashResult.get()
        case .dualWrite: return try dualWriteResult.get()
        }
    }

    /// The templates of `directory` (edited ones, `--templates`), or the default bundled set when it is nil.
    public static func load(directoryOrBundled directory: String?) throws -> TemplateSet {
        try load(TemplateSelection(directory: directory))
    }

    /// The templates a selection names: its bundled set, with its folder's files in place of the set's files of the
    /// same name. A folder that names its set (`template-set.yaml`, written by `airlock templates export`) is
    /// edited copies of that set.
    public static func load(_ selection: TemplateSelection) throws -> TemplateSet {
        guard let directory = selection.directory else { return try bundled(selection.set) }
        return try load(directory: directory, over: selection.set)
    }

    /// The bundled set `set` (or the one the folder names in `template-set.yaml`) with the `.yaml` files in
    /// `directory` in place of its files of the same name.
    /// - Throws: `AirlockError` (`.io` for an unreadable folder or file, `.invalidTemplate` for a malformed one)
    ///   naming the file, line, column and key of the first problem.
    public static func load(directory: String, over set: TemplateSetName = .standard) throws -> TemplateSet {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw AirlockError(
                .io, "cannot list the templates folder", at: SourceLocation(file: directory), cause: SystemErrorText.of(error))
        }
        var base = set
        if names.contains(TemplateSetName.markerFileName) {
            let path = (directory as NSString).appendingPathComponent(TemplateSetName.markerFileName)
            base = try TemplateSetMarker.read(TemplateFile(name: TemplateSetName.markerFileName, text: try readText(path), path: path))
        }
        var files = try bundledFiles(base)
        for name in names.sorted() where name.hasSuffix(".yaml") && !name.hasPrefix(".") && name != TemplateSetName.markerFileName {
            let path = (directory as NSString).appendingPathComponent(name)
            let file = TemplateFile(name: name, text: try readText(path), path: path)
            if let position = files.firstIndex(where: { $0.name == name }) { files[position] = file } else { files.append(file) }
        }
        return try load(files: files, set: base)
    }

    /// Every bundled template file of every set, with its path inside the templates' folder, in path order.
    public static func bundledSources() throws -> [(path: String, text: String)] {
        try BundledResources.files(embeddedResources, what: "the bundled mapping templates")
    }

    /// The bundled files of `set`: `value-maps.yaml`, then every template in the set's flow order.
    /// - Throws: `AirlockError` (`.io`) when this build's templates cannot be read.
    public static func bundledFiles(_ set: TemplateSetName = .standard) throws -> [TemplateFile] {
        let root = set.resourceSubfolder.map { $0 + "/" } ?? ""
        let embedded = try BundledResources.files(embeddedResources, what: "the bundled mapping templates")
        guard let valueMaps = embedded.first(where: { $0.path == root + TemplateFile.valueMapsName }) else {
            throw AirlockError(.io, "this build carries no \(root)\(TemplateFile.valueMapsName)")
        }
        var files = [TemplateFile(name: TemplateFile.valueMapsName, text: valueMaps.text, path: "templates/" + valueMaps.path)]
        for file in embedded where file.path.hasPrefix(root + "templates/") && file.path.hasSuffix(".yaml") {
            let name = String(file.path.dropFirst((root + "templates/").count))
            guard !name.contains("/") else { continue }
            files.append(TemplateFile(name: name, text: file.text, path: "templates/" + file.path))
        }
        return ordered(files, set: set)
    }

    /// Parses and cross-checks `files` (one of them `value-maps.yaml`) as the set `set` or edited copies of it.
    static func load(files: [TemplateFile], set: TemplateSetName = .standard) throws -> TemplateSet {
        let files = ordered(files, set: set)
        guard let valueMapsFile = files.first(where: { $0.name == TemplateFile.valueMapsName }) else {
            throw AirlockError(.invalidTemplate, "\(TemplateFile.valueMapsName) is missing")
        }
        let valueMaps = try ValueMapParser.parse(valueMapsFile)
        let mapNames = Set(valueMaps.map(\.name))
        var parsed: [TemplateParser.Parsed] = []
        for file in files where file.name != TemplateFile.valueMapsName {
            parsed.append(try TemplateParser.parse(file, expectedName: String(file.name.dropLast(".yaml".count)), valueMaps: mapNames))
        }
        try crossCheck(parsed)
        return TemplateSet(templates: parsed.map(\.template), valueMaps: valueMaps, files: files, set: set)
    }

    /// Parents and prerequisites name known flows; a line flow's link matches its parent's key; no cycles.
    private static func crossCheck(_ parsed: [TemplateParser.Parsed]) throws {
        let byName = Dictionary(parsed.map { ($0.template.name, $0) }, uniquingKeysWith: { first, _ in first })
        for item in parsed {
            let template = item.template
            for node in item.prerequisiteNodes {
                let name = try node.name()
                guard byName[name] != nil else { throw node.error("unknown flow '\(name)' in 'after'") }
                guard name != template.name else { throw node.error("a flow cannot run after itself") }
            }
            if let relation = template.parent, let node = item.parentFlowNode {
                guard let parent = byName[relation.flow]?.template else { throw node.error("unknown parent flow '\(relation.flow)'") }
                guard parent.source.side == template.source.side, parent.target.side == template.target.side else {
                    throw node.error("the parent flow \(parent.name) runs \(parent.direction.arrow), this flow \(template.direction.arrow)")
                }
                if relation.link.count != parent.source.key.count, let linkNode = item.parentLinkNode {
                    throw linkNode.error(
                        "the link has \(relation.link.count) field(s) but the parent's source key has \(parent.source.key.count) (\(parent.source.key.map(\.description).joined(separator: ", ")))"
                    )
                }
            }
        }
        // Depth-first search for a cycle through prerequisites and parents.
        var state: [String: Bool] = [:]  // false: on the current path, true: done
        func visit(_ name: String, from node: YAMLNode?) throws {
            if state[name] == true { return }
            if state[name] == false {
                let message = "the flows' prerequisites form a cycle through \(name)"
                throw node?.error(message)
                    ?? AirlockError(.invalidTemplate, message, at: SourceLocation(file: name + ".yaml", field: "after"))
            }
            state[name] = false
            if let item = byName[name] {
                for prerequisite in item.template.allPrerequisites {
                    let prerequisiteNode = item.prerequisiteNodes.first { (try? $0.name()) == prerequisite } ?? item.parentFlowNode
                    try visit(prerequisite, from: prerequisiteNode)
                }
            }
            state[name] = true
        }
        for item in parsed { try visit(item.template.name, from: nil) }
    }

    /// `value-maps.yaml` first, then the set's flows in their order, then other flows by name.
    private static func ordered(_ files: [TemplateFile], set: TemplateSetName) -> [TemplateFile] {
        let flowNames = set.flowNames
        func rank(_ file: TemplateFile) -> Int {
            if file.name == TemplateFile.valueMapsName { return -1 }
            return flowNames.firstIndex(of: String(file.name.dropLast(".yaml".count))) ?? Int.max
        }
        return files.sorted { (rank($0), $0.name) < (rank($1), $1.name) }
    }

    private static func readText(_ path: String) throws -> String {
        try BundledResources.readText(path, what: "the template file")
    }
}
