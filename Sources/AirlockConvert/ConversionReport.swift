import AirlockReconcile
import Foundation

/// `report.json`: what a conversion read, did and wrote. Keys are written sorted, so equal runs give equal bytes.
///
/// Shape scripts can rely on: `flows.<flow>.{read, filtered, created, updated, unchanged, rejected,
/// rejectedByReason}` for every flow that ran (see docs/convert.md for the rest).
public struct ConversionReport: Sendable, Codable, Equatable {
    /// One flow's counts and details.
    public struct Flow: Sendable, Codable, Equatable {
        public var read: Int
        public var filtered: Int
        public var created: Int
        public var updated: Int
        public var unchanged: Int
        public var rejected: Int
        public var rejectedByReason: [String: Int]
        /// Records written to the output package (created + updated, plus unchanged with `--full`).
        public var written: Int
        public var source: String
        public var target: String
        public var direction: String
        /// Filter name → records it left out (`other-company`, `parent-filtered` and the template's filters).
        public var filteredBy: [String: Int]
        /// Field → updated records in which it differs from the target export.
        public var updatedFields: [String: Int]
        /// Records rules added (`priceListItems`, `freightTaxLines`, `orderStatusUpdates`), outside the identity.
        public var generated: [String: Generated]
        /// The reject file, when the flow rejected anything.
        public var rejectFile: String?
    }

    /// Records a rule generated.
    public struct Generated: Sendable, Codable, Equatable {
        public var entity: String
        public var created: Int
        public var updated: Int
        public var unchanged: Int
    }

    public var tool: String
    public var version: String
    public var company: String
    public var options: ConversionOptions
    /// `fo` and `sales`: path, size and SHA-256 of each input.
    public var inputs: [String: FileDigest]
    /// Each output file (relative to the output folder) with size and SHA-256; empty for a dry run.
    public var outputs: [String: FileDigest]
    public var flows: [String: Flow]
    /// Flows of the template set that were not run (`--only`).
    public var flowsNotRun: [String]
    public var totals: Totals
    public var warnings: [String]
    /// `validate` on each package written (`to-fo.zip`, `to-sales.zip`): counts per severity and per rule.
    public var validation: [String: Validation]
    /// True when the packages failed validation and were not handed over (only this report was written).
    public var refused: Bool

    /// The validation of one output package.
    public struct Validation: Sendable, Codable, Equatable {
        public var errors: Int
        public var warnings: Int
        /// Rule id → findings, errors and warnings together.
        public var rules: [String: Int]
        /// The first error findings, as `validate` prints them (at most 20).
        public var firstErrors: [String]
    }

    /// Sums over all flows.
    public struct Totals: Sendable, Codable, Equatable {
        public var read: Int
        public var filtered: Int
        public var created: Int
        public var updated: Int
        public var unchanged: Int
        public var rejected: Int
        public var written: Int
    }

    /// The JSON text: pretty-printed, keys sorted, a final newline.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
