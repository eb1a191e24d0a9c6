import Foundation
import Testing

/// docs/architecture.md's Layers table names every target of Package.swift and, for each, exactly the dependencies
/// Package.swift declares (a module of the package by its name without `Airlock`, a product by its package's name).
@Suite struct ArchitectureTableTests {
    /// Target → its declared dependencies, as the table writes them, read from Package.swift's text.
    static func packageTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: ConvertFixture.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let body = try #require(text.range(of: "targets: [").map { String(text[$0.upperBound...]) })
        let declaration = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)""#)
        var targets: [String: Set<String>] = [:]
        let matches = body.matches(of: declaration)
        for (index, match) in matches.enumerated() {
            let name = String(match.output[2].substring ?? "")
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : body.endIndex
            let declarationText = body[match.range.upperBound..<end]
            var dependencies: Set<String> = []
            if let list = declarationText.range(of: "dependencies: [") {
                var depth = 1
                var cursor = list.upperBound
                while depth > 0, cursor < declarationText.endIndex {
                    if declarationText[cursor] == "[" { depth += 1 }
                    if declarationText[cursor] == "]" { depth -= 1 }
                    cursor = declarationText.index(after: cursor)
                }
                let items = String(declarationText[list.upperBound..<declarationText.index(before: cursor)])
                for product in items.matches(of: try Regex(#"package:\s*"([^"]+)""#)) {
                    dependencies.insert(String(product.output[1].substring ?? ""))
                }
                let withoutProducts = items.replacing(try Regex(#"\.product\([^)]*\)"#), with: "")
                for module in withoutProducts.matches(of: try Regex(#""([^"]+)""#)) {
                    dependencies.insert(Self.shown(String(module.output[1].substring ?? "")))
                }
            }
            targets[name] = dependencies
        }
        return targets
    }

    /// A module as the table names a dependency: `AirlockIO` → `IO`; the C targets as they are.
    static func shown(_ module: String) -> String {
        module.hasPrefix("Airlock") ? String(module.dropFirst("Airlock".count)) : module
    }

    /// Target → dependencies, from the rows of the table under "## Layers".
    static func tableTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: ConvertFixture.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## Layers"))
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var targets: [String: Set<String>] = [:]
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let last = cells.dropLast().last else { continue }
            let dependencies = last == "—" ? [] : last.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for name in cells[1].split(separator: ",") {
                targets[name.trimmingCharacters(in: CharacterSet(charactersIn: "` "))] = Set(dependencies)
            }
        }
        return targets
    }

    @Test func theLayersTableMatchesPackageSwift() throws {
        let package = try Self.packageTargets()
        let table = try Self.tableTargets()
        #expect(package.count > 10, "Package.swift's targets were read")
        #expect(
            Set(table.keys) == Set(package.keys), "targets: the table has \(table.keys.sorted()), Package.swift \(package.keys.sorted())")
        for (name, dependencies) in package {
            #expect(
                table[name] == dependencies,
                "\(name): the table says \(table[name]?.sorted() ?? []), Package.swift \(dependencies.sorted())")
        }
    }

    /// The folders of `Sources/AirlockConvert/`, as "AirlockConvert by folder" lists them, a row each.
    @Test func theConvertFolderTableListsEveryFolder() throws {
        let text = try String(contentsOf: ConvertFixture.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## AirlockConvert by folder"))
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let listed = section[..<end].split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { line in
            line.split(separator: "`").dropFirst().first.map { String($0.dropLast()) }
        }
        let root = ConvertFixture.root.appendingPathComponent("Sources/AirlockConvert")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        #expect(Set(listed) == Set(folders), "the table lists \(listed.sorted()), the folders are \(folders.sorted())")
        #expect(listed.count == Set(listed).count)
    }
}
