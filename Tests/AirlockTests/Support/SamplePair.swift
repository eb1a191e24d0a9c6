import AirlockKit
import Testing

/// A sample pair as written (`SampleGenerator.write`): its F&O tables by entity label, and its Sales package.
struct SamplePair {
    var fo: [String: Table]
    var sales: CMTPackage

    init(folder: String) throws {
        let reader = try FOPackageReader(source: openPackageSource(path: folder + "/" + RunLayout.foExport))
        var fo: [String: Table] = [:]
        for line in reader.manifest.entities { fo[line.entityName] = try reader.readEntity(line).table }
        self.fo = fo
        sales = try CMTPackageReader(path: folder + "/" + RunLayout.salesExport).read()
    }

    func table(_ label: String) throws -> Table { try #require(fo[label], "\(label)") }

    func column(_ label: String, _ name: String) throws -> [String] {
        let table = try table(label)
        return (0..<table.rowCount).map { table.value(row: $0, column: name) ?? "" }
    }

    func records(_ entity: String) throws -> [CMTRecord] {
        let data = try #require(sales.data.entity(named: entity), "\(entity)")
        return (0..<data.recordCount).map { data.record(at: $0) }
    }

    func values(_ entity: String, _ field: String) throws -> [String?] {
        try records(entity).map { $0.field(field)?.value }
    }
}
