import Foundation

/// `airlock sample` as a library call: a consistent pair of sample exports.
public enum SamplePipeline {
    /// Creates the folder if missing and writes the pair into it.
    /// - Throws: `AirlockError` when the folder cannot be created or a file cannot be written.
    public static func run(_ options: SampleOptions) throws -> SampleResult {
        do {
            try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw AirlockError(
                .io, "cannot create the output folder", at: SourceLocation(file: options.outputDirectory), cause: SystemErrorText.of(error))
        }
        let paths = try SampleGenerator.write(
            to: options.outputDirectory, accounts: options.accounts, seed: options.seed, company: options.company, defects: options.defects,
            templates: options.templates)
        let folder = options.outputDirectory
        let templates = options.templates == .standard ? "" : " --templates \(options.templates.rawValue)"
        let company = options.templates == .dualWrite ? " --company \(options.company)" : ""
        let next =
            "\nNext: convert the pair (--plan first says what it would do):\n  airlock convert --fo \(folder)/\(SampleGenerator.foFileName) --sales \(folder)/\(SampleGenerator.salesFileName) --out \(folder)/out\(templates)\(company)\n"
        return SampleResult(paths: paths, text: paths.map { $0 + "\n" }.joined() + next)
    }
}
