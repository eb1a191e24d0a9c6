import AirlockModel
import Crypto
import Foundation

/// The bundled catalog as built (`Resources/catalog-image.json`), with the SHA-256 of the YAML files it was built
/// from: decoding it costs under half of building the catalog from its YAML, a cost every process pays once (a
/// shard, a partition's read, a merge step). `SchemaCatalogLoader` takes it only while its digest is the bundled
/// files'; `bin/catalog-image` writes it again after a catalog file changes, and `CatalogImageTests` fails until then.
public struct BundledCatalogImage: Codable, Sendable {
    /// The image's path among the catalog's bundled resources.
    public static let resourcePath = "catalog-image.json"

    /// `sourcesDigest(of:)` of the YAML files the catalog was built from.
    public var sourcesDigest: String
    public var catalog: SchemaCatalog

    public init(sourcesDigest: String, catalog: SchemaCatalog) {
        self.sourcesDigest = sourcesDigest
        self.catalog = catalog
    }

    /// The SHA-256 (hex) of `files` in order, each its path and text.
    public static func sourcesDigest(of files: [(path: String, text: String)]) -> String {
        var hash = SHA256()
        for file in files {
            hash.update(data: Data((file.path + "\u{0}" + file.text + "\u{0}").utf8))
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The image as written in the repository: JSON, pretty-printed with sorted keys, so that equal catalogs give equal
    /// bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// The catalog in the image `data` when it was built from `files` (their digest); nil for a stale or damaged image.
    public static func catalogIfBuilt(from files: [(path: String, text: String)], image data: Data) -> SchemaCatalog? {
        guard let image = try? JSONDecoder().decode(BundledCatalogImage.self, from: data),
            image.sourcesDigest == sourcesDigest(of: files)
        else { return nil }
        return image.catalog
    }
}
