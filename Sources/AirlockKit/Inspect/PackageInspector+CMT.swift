import AirlockIO
import AirlockPackages

extension PackageInspector {
    /// Inspects a Configuration Migration package: one entity per schema entity, records counted by streaming
    /// `data.xml` (bounded memory whatever its size).
    /// - Throws: `AirlockError(.missingMember)` without `data.xml` or `data_schema.xml`; XML errors with line and column.
    static func inspectCMT(_ source: PackageSource) throws -> InspectReport {
        let reader = try CMTPackageReader(source: source)
        let counts = try reader.countRecords()
        let encoding = counts.encoding.rawValue
        let entities = reader.schema.entities.map { entity in
            InspectReport.Entity(
                name: entity.name, technicalName: nil, file: reader.dataMember, format: "CMT", encoding: encoding,
                columns: entity.fieldNames, records: counts.entity(named: entity.name)?.records ?? 0)
        }
        let metadata = InspectReport.Metadata(exportTimestamp: counts.timestamp?.text)
        return InspectReport(kind: "cmt", path: source.path, metadata: metadata, entities: entities, warnings: reader.warnings.sorted())
    }
}
