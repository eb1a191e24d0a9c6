import AirlockCatalog
import AirlockModel
import Foundation
import Testing

/// The bundled catalog's image (`BundledCatalogImage`) is the catalog its YAML files build: `bin/catalog-image` writes
/// it again (this suite, with `AIRLOCK_WRITE_CATALOG_IMAGE=1`), and the loader never takes an image built from other
/// files.
struct CatalogImageTests {
    /// The image in the source tree.
    static let imagePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Sources/AirlockCatalog/Resources/" + BundledCatalogImage.resourcePath
        ).path

    @Test func theImageIsWhatTheBundledFilesBuild() throws {
        let files = try SchemaCatalogLoader.bundledSources()
        let built = try SchemaCatalogLoader.build(from: files)
        let image = BundledCatalogImage(sourcesDigest: BundledCatalogImage.sourcesDigest(of: files), catalog: built)
        let encoded = image.encoded()
        if ProcessInfo.processInfo.environment["AIRLOCK_WRITE_CATALOG_IMAGE"] == "1" {
            try encoded.write(to: URL(fileURLWithPath: Self.imagePath), options: .atomic)
        }
        let stored = FileManager.default.contents(atPath: Self.imagePath)
        #expect(stored == encoded, "Sources/AirlockCatalog/Resources/catalog-image.bin is stale: run bin/catalog-image")
        // What the loader takes is the built catalog, indexes and all.
        #expect(try SchemaCatalogLoader.bundled() == built)
        let decoded = try #require(stored.flatMap { BundledCatalogImage.catalogIfBuilt(from: files, image: $0) })
        #expect(decoded == built)
    }

    /// A side the loader cuts from the image is the side its files build alone (what `bundled(side:)` built before
    /// the image).
    @Test func eachSideOfTheImageIsWhatItsFilesBuildAlone() throws {
        let files = try SchemaCatalogLoader.bundledSources()
        let fo = try SchemaCatalogLoader.build(from: files, side: .fo)
        let sales = try SchemaCatalogLoader.build(from: files, side: .sales)
        #expect(try SchemaCatalogLoader.bundled(side: .fo) == fo)
        #expect(try SchemaCatalogLoader.bundled(side: .sales) == sales)
        // Without extension files the loader hands out the shared catalog, which is what the builder makes of it.
        #expect(try SchemaCatalogLoader.load(extensions: []) == SchemaCatalogLoader.build(from: files))
        #expect(try SchemaCatalogLoader.load(extensions: [], side: .fo) == fo)
    }

    @Test func anImageOfOtherFilesIsNotTaken() throws {
        let bundled = try SchemaCatalogLoader.bundledSources()
        var files = bundled
        let image = try BundledCatalogImage(
            sourcesDigest: BundledCatalogImage.sourcesDigest(of: files), catalog: SchemaCatalogLoader.build(from: files)
        ).encoded()
        #expect(BundledCatalogImage.catalogIfBuilt(from: files, image: image) != nil)
        #expect(BundledCatalogImage.catalogIfBuilt(from: bundled, image: Data("{}".utf8)) == nil, "a damaged image")
        #expect(BundledCatalogImage.catalogIfBuilt(from: bundled, image: image.dropLast(40)) == nil, "an image cut short")
        #expect(BundledCatalogImage.catalogIfBuilt(from: bundled, image: image + Data([0])) == nil, "a byte too many")
        files[0].text += "\n# one more line\n"
        #expect(BundledCatalogImage.catalogIfBuilt(from: files, image: image) == nil, "a file changed since the image")
        #expect(BundledCatalogImage.catalogIfBuilt(from: Array(files.dropFirst()), image: image) == nil, "a file less")
    }

    @Test func theCatalogRoundTripsThroughItsImage() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let data = BundledCatalogImage(sourcesDigest: "x", catalog: catalog).encoded()
        let decoded = try #require(BundledCatalogImage.decoded(data)).catalog
        #expect(decoded == catalog)
        // The indexes the decoder builds again answer as the built ones.
        for entity in catalog.foEntities.prefix(5) {
            #expect(decoded.foEntity(named: entity.technicalName) == entity)
            for field in entity.fields.prefix(3) { #expect(decoded.foEntity(named: entity.label)?.field(named: field.name) == field) }
        }
        for entity in catalog.salesEntities.prefix(5) {
            for attribute in entity.attributes.prefix(3) {
                #expect(decoded.salesEntity(named: entity.logicalName)?.attribute(named: attribute.logicalName) == attribute)
            }
        }
    }
}
