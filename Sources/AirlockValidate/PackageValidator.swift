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
    /// - Throws: `AirlockError` when the package cannot be read at all (exit 2).
    public static func validate(
        path: String, target: PackageKind? = nil, catalog: SchemaCatalog, maxFindings: Int = 10_000, expectedInTarget: Set<String> = [],
        selfContained: Bool = false
    ) throws -> ValidationReport {
        let opened = try openPackageSource(path: path)
        let located = try target.map { ($0, opened, nil as String?) } ?? PackageDetector.locate(opened)
        let collector = FindingCollector(maxFindings: maxFindings)
        switch located.0 {
        case .fo:
            try FOPackageValidator(catalog: catalog, selfContained: selfContained).validate(located.1, into: collector)
        case .cmt:
            try CMTPackageValidator(catalog: catalog, expectedInTarget: expectedInTarget, selfContained: selfContained).validate(located.1, into: collector)
        }
        return ValidationReport(kind: located.0.rawValue, path: path, collector: collector)
    }
}
