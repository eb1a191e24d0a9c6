import AirlockModel
import Crypto
import Foundation

/// The bundled catalog as built (`Resources/catalog-image.bin`), with the SHA-256 of the YAML files it was built
/// from: a process that reads it skips building the catalog from its YAML, a cost every process would pay once (a
/// shard, a partition's read, a merge step). `SchemaCatalogLoader` takes it only while its digest is the bundled
/// files'; `bin/catalog-image` writes it again after a catalog file changes, and `CatalogImageTests` fails until then.
///
/// The image is binary (`CatalogImageWriter`: a table of its texts, then the values in a fixed order), read by code
/// written for it (`CatalogImageReader`): decoding the same catalog from JSON with `Codable` cost each process about
/// 50 ms of CPU, most of it the decoder's generic machinery and its keys, and paged in 3.7 MB of base64.
public struct BundledCatalogImage: Sendable {
    /// The image's path among the catalog's bundled resources.
    public static let resourcePath = "catalog-image.bin"
    /// The image's first bytes: its kind and format version (2: the first binary one; 1 was JSON).
    static let magic = Array("airlock catalog image 2\n".utf8)

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

    /// The image as written in the repository: equal catalogs give equal bytes.
    public func encoded() -> Data {
        var writer = CatalogImageWriter()
        writer.text(sourcesDigest)
        writer.catalog(catalog)
        return Data(writer.bytes(magic: Self.magic))
    }

    /// The image `data` decoded; nil for a damaged image or one of another format.
    public static func decoded(_ data: Data) -> BundledCatalogImage? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: magic), var reader = try? CatalogImageReader(bytes, from: magic.count),
            let digest = try? reader.text(), let catalog = try? reader.catalog(), reader.isAtEnd
        else { return nil }
        return BundledCatalogImage(sourcesDigest: digest, catalog: catalog)
    }

    /// The catalog in the image `data` when it was built from `files` (their digest); nil for a stale or damaged image.
    public static func catalogIfBuilt(from files: [(path: String, text: String)], image data: Data) -> SchemaCatalog? {
        guard let image = decoded(data), image.sourcesDigest == sourcesDigest(of: files) else { return nil }
        return image.catalog
    }
}
