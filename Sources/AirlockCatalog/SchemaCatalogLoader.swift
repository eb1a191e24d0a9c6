import AirlockModel
import AirlockYAML
import Foundation

/// Loads the schema catalog: the YAML files bundled with Airlock, and user extension files merged over them.
///
/// An extension file has the same shape as the bundled files (see `docs/catalog.md`): it adds fields, entities
/// and enum symbols or option values, and overrides what it names (a length, a mandatory flag, a type).
public enum SchemaCatalogLoader {
    private static let bundledResult = result { try loadBundled() }
    private static let bundledFOResult = result { try loadBundled(side: .fo) }
    private static let bundledSalesResult = result { try loadBundled(side: .sales) }
    /// The bundled image's catalog, decoded once; nil when the build carries none or one built from other files.
    private static let bundledImage: SchemaCatalog? = {
        guard let files: [(path: String, text: String)] = try? bundled(),
            let entry = embeddedResources.first(where: { $0.path == BundledCatalogImage.resourcePath }),
            let data = Data(base64Encoded: entry.base64)
        else { return nil }
        return BundledCatalogImage.catalogIfBuilt(from: files, image: data)
    }()

    private static func result(_ load: () throws -> SchemaCatalog) -> Result<SchemaCatalog, AirlockError> {
        do {
            return .success(try load())
        } catch let error as AirlockError {
            return .failure(error)
        } catch {
            return .failure(AirlockError(.invalidCatalog, "the bundled catalog cannot be loaded", cause: "\(error)"))
        }
    }

    /// The catalog bundled with Airlock, read once and then shared.
    /// - Throws: `AirlockError` when a bundled file is missing or malformed (a packaging error).
    public static func bundled() throws -> SchemaCatalog {
        try bundledResult.get()
    }

    /// One side of the bundled catalog (the other side's entities absent), read once and then shared: about half
    /// the cost of the whole one, for verbs that read one side's packages.
    /// - Throws: `AirlockError` when a bundled file is missing or malformed (a packaging error).
    public static func bundled(side: CatalogSide) throws -> SchemaCatalog {
        switch side {
        case .fo: try bundledFOResult.get()
        case .sales: try bundledSalesResult.get()
        }
    }

    /// One side of the bundled catalog with the extension files at `paths` merged over it, in order (an extension
    /// may name entities of both sides: it is merged whole).
    /// - Throws: `AirlockError` (`.io` or `.invalidCatalog`) naming the file, line and key of the first problem.
    public static func load(extensions paths: [String], side: CatalogSide) throws -> SchemaCatalog {
        // No extension: the shared side as it is, not a second copy built from it.
        guard !paths.isEmpty else { return try bundled(side: side) }
        var builder = CatalogBuilder(try bundled(side: side))
        for path in paths { try builder.apply(yaml: try readText(path), file: path) }
        return try builder.build()
    }

    /// The bundled catalog with the extension files at `paths` merged over it, in order.
    /// - Throws: `AirlockError` (`.io` or `.invalidCatalog`) naming the file, line and key of the first problem.
    public static func load(extensions paths: [String]) throws -> SchemaCatalog {
        // No extension: the shared catalog as it is, not a second copy built from it (1–2 MB and 5 ms a process).
        guard !paths.isEmpty else { return try bundled() }
        var builder = CatalogBuilder(try bundled())
        for path in paths { try builder.apply(yaml: try readText(path), file: path) }
        return try builder.build()
    }

    /// `catalog` with the YAML `text` merged over it; `file` names the text in errors.
    /// - Throws: `AirlockError` (`.invalidCatalog`) naming the file, line and key of the first problem.
    public static func merging(yaml text: String, file: String, into catalog: SchemaCatalog) throws -> SchemaCatalog {
        var builder = CatalogBuilder(catalog)
        try builder.apply(yaml: text, file: file)
        return try builder.build()
    }

    /// The paths of the bundled catalog files inside the catalog (`fo/customers-v3.yaml`), in load order.
    /// - Throws: `AirlockError` when the build's catalog cannot be read.
    public static func bundledFiles() throws -> [String] { try bundled().map(\.path) }

    /// The bundled catalog's files, in load order: path inside the catalog and text.
    public static func bundledSources() throws -> [(path: String, text: String)] { try bundled() }

    /// The bundled catalog's YAML files, in load order; each named `catalog/` and its path in errors.
    private static func bundled() throws -> [(path: String, text: String)] {
        let yaml = embeddedResources.filter { $0.path.hasSuffix(".yaml") || $0.path.hasSuffix(".yml") }
        let files = try BundledResources.files(yaml, what: "the bundled schema catalog")
        guard !files.isEmpty else { throw AirlockError(.io, "this build carries no schema catalog") }
        return files
    }

    /// The bundled catalog (or one side of it): its image (`BundledCatalogImage`) when the image was built from the
    /// bundled files, else built from them.
    private static func loadBundled(side: CatalogSide? = nil) throws -> SchemaCatalog {
        if let catalog = bundledImage {
            guard let side else { return catalog }
            return side == .fo
                ? SchemaCatalog(foEntities: catalog.foEntities, foEnums: catalog.foEnums, salesEntities: [])
                : SchemaCatalog(foEntities: [], foEnums: [], salesEntities: catalog.salesEntities)
        }
        return try build(from: try bundled(), side: side)
    }

    /// The catalog (or one side of it) built from the YAML `files`, as `bundledSources()` gives them: what
    /// `BundledCatalogImage` holds for the bundled files.
    /// - Throws: `AirlockError` (`.invalidCatalog`) naming the file, line and key of the first problem.
    public static func build(from files: [(path: String, text: String)], side: CatalogSide? = nil) throws -> SchemaCatalog {
        var builder = CatalogBuilder()
        for file in files {
            if let side, !file.path.hasPrefix(side.folder + "/") { continue }
            try builder.apply(yaml: file.text, file: "catalog/" + file.path)
        }
        return try builder.build()
    }

    private static func readText(_ path: String) throws -> String {
        try BundledResources.readText(path, what: "the catalog file")
    }
}
