import AirlockIO
import AirlockPackages
import AirlockValidate

/// Looks at a package and says what it holds, streaming every entity file in bounded memory.
public enum PackageInspector {
    /// Inspects the zip or folder at `path`.
    /// - Throws: `AirlockError` when the package cannot be read (not a package, missing members, malformed files).
    /// - Parameter foFileEncoding: how an F&O package's CSV files without a byte-order mark are read.
    public static func inspect(path: String, foFileEncoding: FOFileEncoding = .utf8) throws -> InspectReport {
        let (kind, source, warning) = try PackageDetector.locate(openPackageSource(path: path))
        var report: InspectReport
        switch kind {
        case .fo: report = try inspectFO(source, fileEncoding: foFileEncoding)
        case .cmt: report = try inspectCMT(source)
        }
        if let warning {
            report.warnings.append(warning)
            report.warnings.sort()
        }
        return report
    }

    static func inspectFO(_ source: PackageSource, fileEncoding: FOFileEncoding = .utf8) throws -> InspectReport {
        let reader = try FOPackageReader(source: source, fileEncoding: fileEncoding)
        var warnings: [String] = []
        if let version = reader.header.packageVersion, version != 2 {
            warnings.append("PackageHeader.xml has PackageVersion \(version); current F&O writes 2")
        }
        var entities: [InspectReport.Entity] = []
        // Entity files are independent: count them on all cores.
        let manifestEntities = reader.manifest.entities
        // A file the manifest names and the package lacks (a package trimmed by hand) is a warning: the rest is
        // still counted (`validate` keeps it an error, fo.file.missing).
        let summaries = try ParallelMap.map(manifestEntities.count) { index -> FOEntityFileSummary? in
            reader.dataMember(for: manifestEntities[index]) == nil ? nil : try reader.summarize(manifestEntities[index])
        }
        for (entity, found) in zip(manifestEntities, summaries) {
            guard let summary = found else {
                let file = entity.inputFilePath ?? entity.entityName
                warnings.append("entity '\(entity.entityName)': the manifest names '\(file)', which is not in the package; not counted")
                entities.append(
                    InspectReport.Entity(
                        name: entity.entityName, technicalName: reader.technicalName(of: entity), file: file, format: "missing",
                        encoding: nil, columns: [], records: 0))
                continue
            }
            if let expected = FOSourceFormatEncoding.mismatch(summary, sourceFormat: entity.sourceFormat) {
                warnings.append("\(summary.member): \(expected)")
            }
            warnings += summary.warnings.map { "\(summary.member): \($0)" }
            entities.append(
                InspectReport.Entity(
                    name: entity.entityName, technicalName: reader.technicalName(of: entity), file: summary.member,
                    format: summary.format.name, encoding: summary.codePage?.rawValue ?? summary.encoding?.rawValue,
                    columns: summary.columns,
                    records: summary.records))
        }
        for member in reader.unlistedMembers {
            warnings.append("\(member.name): \(InspectReport.unnamedFileWarning)")
        }
        let labels = reader.manifest.entities.map(\.entityName)
        for label in Set(labels) where labels.filter({ $0 == label }).count > 1 {
            warnings.append("entity '\(label)' appears on more than one manifest line; F&O rejects duplicate labels")
        }
        let metadata = InspectReport.Metadata(
            definitionGroup: reader.manifest.definitionGroupName,
            description: reader.manifest.description ?? reader.header.description,
            packageVersion: reader.header.packageVersion)
        return InspectReport(kind: "fo", path: source.path, metadata: metadata, entities: entities, warnings: warnings.sorted())
    }
}
