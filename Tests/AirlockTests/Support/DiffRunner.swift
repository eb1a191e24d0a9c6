import AirlockKit

/// `airlock diff` as a library call (`PackageDiffer.run`) with the bundled catalog: the report of two exports'
/// waves, its delta and delete lists written into `out`.
enum DiffRunner {
    static func run(old: String, new: String, out: String, force: Bool = false) throws -> DiffReport {
        try PackageDiffer.run(
            PackageDiffOptions(oldPath: old, newPath: new, outputDirectory: out, force: force), catalog: SchemaCatalogLoader.bundled())
    }
}
