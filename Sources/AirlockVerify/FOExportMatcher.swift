import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

/// Reads the F&O export after the import entity by entity: for each entity `to-fo.zip` sent, the first version of it
/// the export holds (`Customers V3` for `Customers V2`, as `convert` matches), streamed through `FORecordMatcher`.
enum FOExportMatcher {
    /// Matches the export at `source` against `sent`'s F&O entities, whose values are in `spool`; returns warnings.
    /// - Throws: `AirlockError` for a file that cannot be read, or an export entity without a key column.
    static func run(
        _ source: PackageSource, sent: SentPackages, spool: SentValueSpool, drift: DriftRecorder, catalog: SchemaCatalog,
        locale: FOLocale?
    ) throws -> [String] {
        let reader = try FOPackageReader(source: source)
        var warnings: [String] = []
        for entity in sent.fo {
            guard let line = line(for: entity.name, in: reader, catalog: catalog) else {
                warnings.append(
                    "the F&O export holds no \(catalog.foEntityVersions(of: entity.name).joined(separator: " or ")): its \(entity.rowCount) sent records are not verified (add the entity to the export's data project)"
                )
                continue
            }
            var matcher = FORecordMatcher(
                entity: entity, spool: spool, drift: drift, columnMap: FOColumnMap(line.entityMap ?? []), locale: locale,
                decimalSeparator: locale?.decimalSeparator)
            _ = try reader.scan(line, into: &matcher)
            if let missing = matcher.keyFileColumns.firstIndex(where: { $0 == nil }) {
                throw AirlockError(
                    .usage,
                    "the export's \(line.entityName) has no column \(entity.keyColumns[missing]), part of the key its records are matched on",
                    at: SourceLocation(file: source.path, entity: line.entityName, field: entity.keyColumns[missing]))
            }
            entity.verified = true
            entity.exportEntity = line.entityName
            warnings += try matcher.finish(exportEntity: line.entityName)
            try entity.settleUnproven(spool: spool)
        }
        return warnings
    }

    /// The export's manifest line for sent entity `label`: its first version the export holds.
    static func line(for label: String, in reader: FOPackageReader, catalog: SchemaCatalog) -> FOManifestEntity? {
        let versions = catalog.foEntityVersions(of: label).map { $0.lowercased() }
        return versions.lazy.compactMap { version in
            reader.manifest.entities.first { $0.entityName.lowercased() == version }
        }.first
    }
}
