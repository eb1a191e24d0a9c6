import AirlockIO
import AirlockModel
import AirlockPackages

/// Validates any package, F&O or Configuration Migration, against the schema catalog.
public enum PackageValidator {
    /// Validates the zip or folder at `path`.
    /// - Parameters:
    ///   - target: the kind to validate as, when the package's members cannot tell (nil: detect).
    ///   - catalog: the schema catalog (bundled, plus any user extension).
    ///   - maxFindings: how many findings the report lists in full; all are counted.
    ///   - expectedInTarget: Sales entities the user says exist in the target, so lookups to them are not reported.
    ///   - selfContained: the package must hold every parent (F&O) or lookup target (CMT) of the entities it carries.
    ///   - foLocale: the F&O data project's locale (dates, decimals), when the user gives it; else learnt per column.
    ///   - integration: the integration the package is loaded for (CMT only): the columns it matches records on are
    ///     required, and for dual-write every Sales entity with a dual-write integration key is checked as loaded
    ///     for it.
    ///   - targetRecords: the records the target holds, when a Sales package is a delta against it (CMT only).
    ///   - foTargetRecords: the records the target holds, when an F&O package is a delta against it (F&O only).
    ///   - foFileEncoding: how an F&O package's CSV files without a byte-order mark are read (`--fo-encoding`).
    ///   - countsAs: what its records count as in the progress lines (`.checked` for a command's own output).
    /// - Throws: `AirlockError` when the package cannot be read at all (exit 2).
    public static func validate(
        path: String, target: PackageKind? = nil, catalog: SchemaCatalog, maxFindings: Int = 10_000, expectedInTarget: Set<String> = [],
        selfContained: Bool = false, foLocale: FOLocale? = nil, integration: SyncIntegration? = nil,
        targetRecords: (any CMTTargetRecords)? = nil, foTargetRecords: (any FOTargetRecords)? = nil,
        foFileEncoding: FOFileEncoding = .utf8, countsAs: RecordTally.Kind = .read
    ) throws -> ValidationReport {
        let opened = try openPackageSource(path: path)
        let located = try target.map { ($0, opened, nil as String?) } ?? PackageDetector.locate(opened)
        return try validate(
            source: located.1, kind: located.0, catalog: catalog, maxFindings: maxFindings, expectedInTarget: expectedInTarget,
            selfContained: selfContained, foLocale: foLocale, integration: integration, targetRecords: targetRecords,
            foTargetRecords: foTargetRecords, reportPath: path, foFileEncoding: foFileEncoding, countsAs: countsAs)
    }

    /// Validates an opened package as `kind`: a zip or folder, or a package still being written
    /// (`StreamedPackageSource`), whose findings then name its `path`; the report names `reportPath` if given.
    /// - Throws: `AirlockError` when the package cannot be read at all.
    public static func validate(
        source: PackageSource, kind: PackageKind, catalog: SchemaCatalog, maxFindings: Int = 10_000, expectedInTarget: Set<String> = [],
        selfContained: Bool = false, foLocale: FOLocale? = nil, integration: SyncIntegration? = nil,
        targetRecords: (any CMTTargetRecords)? = nil, foTargetRecords: (any FOTargetRecords)? = nil, reportPath: String? = nil,
        foFileEncoding: FOFileEncoding = .utf8, countsAs: RecordTally.Kind = .read
    ) throws -> ValidationReport {
        let collector = FindingCollector(maxFindings: maxFindings)
        switch kind {
        case .fo:
            try FOPackageValidator(
                catalog: catalog, selfContained: selfContained, locale: foLocale, target: foTargetRecords, fileEncoding: foFileEncoding,
                countsAs: countsAs
            )
            .validate(source, into: collector)
        case .cmt:
            try CMTPackageValidator(
                catalog: catalog, expectedInTarget: expectedInTarget, selfContained: selfContained, integration: integration,
                target: targetRecords, countsAs: countsAs
            ).validate(source, into: collector)
        }
        return ValidationReport(kind: kind.rawValue, path: reportPath ?? source.path, collector: collector)
    }
}
