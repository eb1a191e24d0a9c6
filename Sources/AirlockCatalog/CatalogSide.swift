/// One side of the bundled catalog: its Finance and Operations entities and enums (`Resources/fo/`), or its Sales
/// tables (`Resources/sales/`). A verb that reads packages of one side only loads that side's files
/// (`SchemaCatalogLoader.load(extensions:side:)`).
public enum CatalogSide: String, Sendable, CaseIterable {
    case fo
    case sales

    /// The bundled folder holding the side's files.
    var folder: String { rawValue }
}
