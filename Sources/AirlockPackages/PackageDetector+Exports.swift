import AirlockIO
import AirlockModel

extension PackageDetector {
    /// The two exports a verb reads (`--fo`, `--sales`), each checked to be of its kind: one check, so that `convert`,
    /// `match` and `mask` refuse a wrong or swapped pair alike.
    /// - Throws: `AirlockError(.usage)` when a package is of the other kind (naming the swap when both are), and the
    ///   readers' errors for a file that is no package.
    public static func locateExports(fo foPath: String, sales salesPath: String) throws -> (fo: PackageSource, sales: PackageSource) {
        let fo = try locate(openPackageSource(path: foPath))
        let sales = try locate(openPackageSource(path: salesPath))
        if fo.kind == .cmt && sales.kind == .fo {
            throw AirlockError(
                .usage,
                "--fo names a Configuration Migration package and --sales an F&O data package: did you swap them? --fo takes the F&O export (\(salesPath)), --sales the Sales export (\(foPath))"
            )
        }
        try expect(fo.kind, .fo, at: foPath)
        try expect(sales.kind, .cmt, at: salesPath)
        return (fo.source, sales.source)
    }

    /// One export, checked to be of `kind` (`.fo` for `--fo`, `.cmt` for `--sales`).
    /// - Throws: as `locateExports(fo:sales:)`.
    public static func locateExport(_ path: String, as kind: PackageKind) throws -> PackageSource {
        let located = try locate(openPackageSource(path: path))
        try expect(located.kind, kind, at: path)
        return located.source
    }

    private static func expect(_ found: PackageKind, _ wanted: PackageKind, at path: String) throws {
        guard found != wanted else { return }
        let message =
            wanted == .fo
            ? "--fo names a Configuration Migration package; it takes an F&O data package"
            : "--sales names an F&O data package; it takes a Configuration Migration package"
        throw AirlockError(.usage, message, at: SourceLocation(file: path))
    }
}
