import AirlockIO
import AirlockPackages

/// Writes a consistent pair of exports for demos, tests and benchmarks: an F&O data management package
/// (`fo-export.zip`) and a Sales Configuration Migration package (`sales-export.zip`), cut from one generated
/// world with partial overlap and some drift between the sides. The same seed gives byte-identical files.
public enum SampleGenerator {
    /// The file names written into the output folder.
    public static let foFileName = "fo-export.zip"
    public static let salesFileName = "sales-export.zip"

    /// Writes both exports into `directory` (which must exist).
    /// - Parameters:
    ///   - accounts: how many accounts the world has; contacts, products and documents scale with it.
    ///   - seed: the random seed.
    ///   - company: the F&O legal entity (`DATAAREAID`).
    /// - Returns: the paths written.
    /// - Throws: `AirlockError` when a file cannot be written.
    public static func write(to directory: String, accounts: Int, seed: UInt64 = 1, company: String = "USMF") throws -> [String] {
        let world = SampleWorld(accounts: accounts, seed: seed)
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let foPath = base + foFileName, salesPath = base + salesFileName
        try SampleFOExport(world: world, company: company).write(to: foPath)
        var sales = SampleSalesExport(world: world)
        try sales.write(to: salesPath)
        return [foPath, salesPath]
    }
}
