import AirlockCatalog
import AirlockIO
import AirlockMapping
import AirlockModel
import Foundation

/// What `airlock --version` prints: the version, the commit the binary was built from, and the SHA-256 of the data it
/// carries (the catalog and the templates), so that a binary carried across an air gap can be checked against the
/// release it came from (docs/install.md).
public enum BuildInfo {
    /// The lines `--version` prints; `commit` is the build's (`unknown` outside a git checkout).
    public static func text(commit: String) throws -> String {
        let catalog = try SchemaCatalogLoader.bundledSources()
        let templates = try TemplateLoader.bundledSources()
        return """
            airlock \(AirlockVersion.current)
            commit \(commit)
            bundled data sha256 \(bundledDataDigest(catalog: catalog, templates: templates)) (\(catalog.count) catalog files, \(templates.count) template files)
            """
    }

    /// The SHA-256 of the bundled files: each file's folder and path, a NUL, its text and a NUL, catalog first, in
    /// path order.
    static func bundledDataDigest(catalog: [(path: String, text: String)], templates: [(path: String, text: String)]) -> String {
        FileDigest.sha256(
            of: [("catalog/", catalog), ("templates/", templates)].flatMap { folder, files in
                files.map { Data((folder + $0.path + "\u{0}" + $0.text + "\u{0}").utf8) }
            })
    }
}
