import AirlockModel

extension VerificationReport {
    /// What `airlock verify` is asked to check: a conversion's output folder against exports taken after the import.
    /// The options `Verifier.run` takes (`VerificationOptions` in AirlockVerify names this type), recorded as given in
    /// `verify.json` (`options`), so that the report and its page need no verifier.
    public struct Options: Sendable, Hashable, Codable {
        /// The conversion's output folder (`report.json`, `to-fo.zip`, `to-sales.zip`).
        public var runDirectory: String
        /// The F&O export taken after importing `to-fo.zip`; nil: the F&O side is not verified.
        public var foPath: String?
        /// The Sales export taken after importing `to-sales.zip`; nil: the Sales side is not verified.
        public var salesPath: String?
        /// Where `verify.json`, `verify.html`, `missing.csv` and `drifted.csv` go; nil: `verify` inside the run folder.
        public var outputDirectory: String?
        /// Replace a non-empty output folder.
        public var force: Bool
        /// Drifted records alone do not fail the run (exit 0 when nothing is missing).
        public var allowDrift: Bool
        /// The F&O data project's locale for dates and decimals of the F&O export; nil: the conversion's, else learnt
        /// from each date column.
        public var foLocale: String?

        public init(
            runDirectory: String, foPath: String? = nil, salesPath: String? = nil, outputDirectory: String? = nil, force: Bool = false,
            allowDrift: Bool = false, foLocale: String? = nil
        ) {
            self.runDirectory = runDirectory
            self.foPath = foPath
            self.salesPath = salesPath
            self.outputDirectory = outputDirectory
            self.force = force
            self.allowDrift = allowDrift
            self.foLocale = foLocale
        }

        /// The output folder the options name: `outputDirectory`, else `verify` inside the run folder.
        public var resolvedOutputDirectory: String { outputDirectory ?? runDirectory + "/" + RunLayout.verifyFolder }
    }
}
