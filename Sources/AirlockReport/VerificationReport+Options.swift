import AirlockModel

extension VerificationReport {
    /// What `airlock verify` was asked to check, as `verify.json` records it (`options`): the engine's options
    /// (`VerificationOptions`, AirlockVerify) field for field, so that the report and its page need no verifier.
    public struct Options: Sendable, Hashable, Codable {
        /// The conversion's output folder.
        public var runDirectory: String
        /// The F&O export taken after the import; nil: the F&O side was not verified.
        public var foPath: String?
        /// The Sales export taken after the import; nil: the Sales side was not verified.
        public var salesPath: String?
        /// The output folder asked for; nil: `verify` inside the run folder.
        public var outputDirectory: String?
        /// A non-empty output folder replaced.
        public var force: Bool
        /// Drifted records alone do not fail the run.
        public var allowDrift: Bool
        /// The F&O data project's locale asked for; nil: the conversion's, else learnt from each date column.
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
