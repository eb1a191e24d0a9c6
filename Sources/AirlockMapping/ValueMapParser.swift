import AirlockModel
import AirlockYAML

/// Reads `value-maps.yaml`: `valueMaps: {name: {source, inferred, note, caseSensitive, entries: {from: to}}}`.
enum ValueMapParser {
    /// The value maps of `file`, in file order.
    /// - Throws: `AirlockError` (`.invalidTemplate`) naming the file, line, column and key of the first problem.
    static func parse(_ file: TemplateFile) throws -> [ValueMap] {
        guard let root = try YAMLNode.root(yaml: file.text, file: file.path, code: .invalidTemplate) else { return [] }
        var maps: [ValueMap] = []
        for entry in try root.entries(allowing: ["valueMaps"]) {
            for mapEntry in try entry.value.entries() {
                maps.append(try parseMap(name: mapEntry.key, mapEntry.value))
            }
        }
        return maps
    }

    private static func parseMap(name: String, _ node: YAMLNode) throws -> ValueMap {
        var provenance: Provenance?
        var inferred: Bool?
        var note: String?
        var caseSensitive = false
        var entriesNode: YAMLNode?
        for entry in try node.entries(allowing: ["source", "inferred", "note", "caseSensitive", "entries"]) {
            switch entry.key {
            case "source": provenance = try entry.value.choice(TemplateParser.provenances)
            case "inferred": inferred = try entry.value.boolean()
            case "note": note = try entry.value.text()
            case "caseSensitive": caseSensitive = try entry.value.boolean()
            default: entriesNode = entry.value
            }
        }
        guard let provenance else { throw node.error("value map \(name) needs 'source' (doc, img, cdm or inferred)") }
        if provenance == .inferred, inferred == false { throw node.error("a value map with source inferred cannot say inferred: false") }
        guard let entriesNode else { throw node.error("value map \(name) needs 'entries'") }
        var entries: [ValueMapEntry] = []
        var seen: Set<String> = []
        for entry in try entriesNode.entries() {
            let mapped = try parseEntry(from: entry.key, entry.value)
            let key = ValueMap.matchKey(entry.key, caseSensitive)
            guard !key.isEmpty else {
                throw entry.keyNode.error("a blank source value never matches; give the field map a 'default' instead")
            }
            guard seen.insert(key).inserted else {
                throw entry.keyNode.error("value map \(name) lists '\(entry.key)' twice\(caseSensitive ? "" : " (matching ignores case)")")
            }
            entries.append(mapped)
        }
        return ValueMap(
            name: name, entries: entries, isCaseSensitive: caseSensitive, provenance: provenance,
            isInferred: inferred ?? (provenance == .inferred), note: note)
    }

    private static func parseEntry(from: String, _ node: YAMLNode) throws -> ValueMapEntry {
        if node.node.scalar != nil { return ValueMapEntry(from: from, to: try node.text()) }
        var value: String?
        var inferred = false
        var note: String?
        for entry in try node.entries(allowing: ["value", "inferred", "note"]) {
            switch entry.key {
            case "value": value = try entry.value.text()
            case "inferred": inferred = try entry.value.boolean()
            default: note = try entry.value.text()
            }
        }
        guard let value else { throw node.error("an entry written as a mapping needs 'value'") }
        return ValueMapEntry(from: from, to: value, isInferred: inferred, note: note)
    }
}
