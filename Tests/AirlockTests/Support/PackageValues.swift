import AirlockKit
import Testing

/// Values read back from a package a test wrote or simulated: an F&O column's first values, a Sales entity's first
/// record ids or its records.
enum PackageValues {
    /// The first `count` values of `column` of entity `label` in the package at `path`.
    static func foValues(_ path: String, label: String, column: String, count: Int) throws -> [String] {
        let table = try #require(try ConvertFixture.foTables(path)[label])
        let index = try #require(table.columnIndex(named: column))
        return (0..<min(count, table.rowCount)).map { table.value(row: $0, column: index) ?? "" }
    }

    /// The first `count` record ids of `entity` in the Configuration Migration package at `path`.
    static func salesIDs(_ path: String, entity: String, count: Int) throws -> [String] {
        let package = try CMTPackageReader(source: openPackageSource(path: path)).read()
        let section = try #require(package.data.entity(named: entity))
        return (0..<min(count, section.recordCount)).map { section.record(at: $0).id.lowercased() }
    }

    /// The records of `entity` in the Configuration Migration package at `path` (`@id`, then the fields).
    static func salesTable(_ path: String, entity: String) throws -> Table {
        let package = try CMTPackageReader(source: openPackageSource(path: path)).read()
        return try #require(package.data.entity(named: entity)).records.values
    }
}
