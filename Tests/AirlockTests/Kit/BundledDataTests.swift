import AirlockCatalog
import AirlockMapping
import Foundation
import Testing

@testable import AirlockKit

/// The binary carries its catalog and templates compiled in: exactly the files of the source tree's `Resources`
/// folders, byte for byte, and `--version`'s digest of them follows every byte.
@Suite struct BundledDataTests {
    /// The files under `folder` (relative paths, in order) whose names end in `suffix`, with their text.
    static func sourceFiles(_ folder: String, suffix: String = "") throws -> [(path: String, text: String)] {
        let root = ConvertFixture.root.appendingPathComponent(folder).path
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let next = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + next, isDirectory: &isFolder), !isFolder.boolValue,
                next.hasSuffix(suffix)
            {
                paths.append(next)
            }
        }
        return try paths.sorted().map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    @Test func theCompiledInFilesAreTheSourceTreesResources() throws {
        let catalog = try SchemaCatalogLoader.bundledSources()
        // The YAML files; the catalog's image beside them is binary (CatalogImageTests holds it to them).
        let expectedCatalog = try Self.sourceFiles("Sources/AirlockCatalog/Resources", suffix: ".yaml")
        #expect(catalog.map(\.path) == expectedCatalog.map(\.path))
        #expect(catalog.map(\.text) == expectedCatalog.map(\.text))
        let templates = try TemplateLoader.bundledSources()
        let expectedTemplates = try Self.sourceFiles("Sources/AirlockMapping/Resources")
        #expect(templates.map(\.path) == expectedTemplates.map(\.path))
        #expect(templates.map(\.text) == expectedTemplates.map(\.text))
    }

    @Test func theDigestFollowsEveryByteAndPath() {
        let files = [(path: "fo/a.yaml", text: "a: 1\n"), (path: "fo/b.yaml", text: "b: 2\n")]
        let digest = BuildInfo.bundledDataDigest(catalog: files, templates: [])
        #expect(digest.count == 64 && digest == BuildInfo.bundledDataDigest(catalog: files, templates: []))
        #expect(digest != BuildInfo.bundledDataDigest(catalog: [files[0], (path: "fo/b.yaml", text: "b: 3\n")], templates: []))
        #expect(digest != BuildInfo.bundledDataDigest(catalog: [files[0], (path: "fo/c.yaml", text: "b: 2\n")], templates: []))
        #expect(digest != BuildInfo.bundledDataDigest(catalog: [files[0]], templates: [files[1]]))
    }
}
