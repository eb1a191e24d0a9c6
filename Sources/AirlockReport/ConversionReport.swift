import AirlockIO
import AirlockReconcile
import Foundation

/// `report.json`: what a conversion read, did and wrote. Keys are written sorted, so equal runs give equal bytes.
///
/// Shape scripts can rely on: `flows.<flow>.{read, filtered, created, updated, unchanged, rejected,
/// rejectedByReason}` for every flow that ran (see docs/convert.md for the rest).
public struct ConversionReport: Sendable, Codable, Equatable {
    /// One flow's counts and details; the counts read as the flow's own (`flow.read`, `flow.rejected`).
    @dynamicMemberLookup
    public struct Flow: Sendable, Codable, Equatable {
        /// Read, and what became of each record; in the JSON beside the other keys, not nested.
        public var counts: RecordCounts
        /// Records written to the output package (created + updated, plus unchanged with `--full`).
        public var written: Int
        public var source: String
        public var target: String
        public var direction: String
        /// Filter name → records it left out (`other-company`, `parent-filtered` and the template's filters).
        public var filteredBy: [String: Int]
        /// Field → updated records in which it differs from the target export.
        public var updatedFields: [String: Int]
        /// Field → what the updates change on existing records, with an example (`CUSTOMERGROUPID 10 → 20`); in the
        /// JSON when not empty.
        public var fieldChanges: [String: FieldChange]
        /// Field → existing records that kept their value where the template would write its own (`on: create`); in
        /// the JSON when not empty.
        public var keptValues: [String: Int]
        /// Field → records the master side holds that kept the master's value (`--master`, a flow towards it); in the
        /// JSON when not empty.
        public var keptByMaster: [String: Int] = [:]
        /// Records rules added (`priceListItems`, `freightTaxLines`, `orderStatusUpdates`), outside the identity.
        public var generated: [String: Generated]
        /// The reject file, when the flow rejected anything.
        public var rejectFile: String?
        /// Field → records written without it because its second-pass lookup (`pass: second`) found no record
        /// (listed in `rejects/unresolved-lookups.csv`); in the JSON only when not empty.
        public var unresolvedLookups: [String: Int]

        public init(
            counts: RecordCounts, written: Int, source: String, target: String, direction: String, filteredBy: [String: Int],
            updatedFields: [String: Int], generated: [String: Generated], unresolvedLookups: [String: Int] = [:], rejectFile: String?,
            fieldChanges: [String: FieldChange] = [:], keptValues: [String: Int] = [:]
        ) {
            self.fieldChanges = fieldChanges
            self.keptValues = keptValues
            self.counts = counts
            self.written = written
            self.source = source
            self.target = target
            self.direction = direction
            self.filteredBy = filteredBy
            self.updatedFields = updatedFields
            self.generated = generated
            self.rejectFile = rejectFile
            self.unresolvedLookups = unresolvedLookups
        }

        public subscript<Value>(dynamicMember count: KeyPath<RecordCounts, Value>) -> Value { counts[keyPath: count] }

        public subscript<Value>(dynamicMember count: WritableKeyPath<RecordCounts, Value>) -> Value {
            get { counts[keyPath: count] }
            set { counts[keyPath: count] = newValue }
        }

        enum CodingKeys: String, CodingKey {
            case written, source, target, direction, filteredBy, updatedFields, generated, rejectFile, unresolvedLookups, fieldChanges
            case keptValues, keptByMaster
        }

        public init(from decoder: any Decoder) throws {
            counts = try RecordCounts(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            written = try container.decode(Int.self, forKey: .written)
            source = try container.decode(String.self, forKey: .source)
            target = try container.decode(String.self, forKey: .target)
            direction = try container.decode(String.self, forKey: .direction)
            filteredBy = try container.decode([String: Int].self, forKey: .filteredBy)
            updatedFields = try container.decode([String: Int].self, forKey: .updatedFields)
            generated = try container.decode([String: Generated].self, forKey: .generated)
            rejectFile = try container.decodeIfPresent(String.self, forKey: .rejectFile)
            unresolvedLookups = try container.decodeIfPresent([String: Int].self, forKey: .unresolvedLookups) ?? [:]
            fieldChanges = try container.decodeIfPresent([String: FieldChange].self, forKey: .fieldChanges) ?? [:]
            keptValues = try container.decodeIfPresent([String: Int].self, forKey: .keptValues) ?? [:]
            keptByMaster = try container.decodeIfPresent([String: Int].self, forKey: .keptByMaster) ?? [:]
        }

        public func encode(to encoder: any Encoder) throws {
            try counts.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(written, forKey: .written)
            try container.encode(source, forKey: .source)
            try container.encode(target, forKey: .target)
            try container.encode(direction, forKey: .direction)
            try container.encode(filteredBy, forKey: .filteredBy)
            try container.encode(updatedFields, forKey: .updatedFields)
            try container.encode(generated, forKey: .generated)
            try container.encodeIfPresent(rejectFile, forKey: .rejectFile)
            if !unresolvedLookups.isEmpty { try container.encode(unresolvedLookups, forKey: .unresolvedLookups) }
            if !fieldChanges.isEmpty { try container.encode(fieldChanges, forKey: .fieldChanges) }
            if !keptValues.isEmpty { try container.encode(keptValues, forKey: .keptValues) }
            if !keptByMaster.isEmpty { try container.encode(keptByMaster, forKey: .keptByMaster) }
        }
    }

    /// Records a rule generated.
    public struct Generated: Sendable, Codable, Equatable {
        public var entity: String
        public var created: Int
        public var updated: Int
        public var unchanged: Int

        public init(entity: String, created: Int, updated: Int, unchanged: Int) {
            self.entity = entity
            self.created = created
            self.updated = updated
            self.unchanged = unchanged
        }
    }

    public var tool: String
    public var version: String
    public var company: String
    /// What the conversion was asked to do.
    public var options: Options
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
    /// What the conversion could and could not do with the exports, flow by flow (`convert --plan` prints it).
    public var plan: ConversionPlan?
    /// A batched run's import plan (also `batches/import-plan.json`); nil when the run wrote one package per side.
    public var importPlan: ImportPlan?
    /// A shard's run (`convert --shard`), or a run `merge` made of shards; nil for a whole run.
    public var shards: Shards?

    public init(
        tool: String, version: String, company: String, options: Options, inputs: [String: FileDigest],
        outputs: [String: FileDigest], flows: [String: Flow], flowsNotRun: [String], totals: Totals, warnings: [String],
        validation: [String: Validation], refused: Bool, plan: ConversionPlan? = nil
    ) {
        self.plan = plan
        self.tool = tool
        self.version = version
        self.company = company
        self.options = options
        self.inputs = inputs
        self.outputs = outputs
        self.flows = flows
        self.flowsNotRun = flowsNotRun
        self.totals = totals
        self.warnings = warnings
        self.validation = validation
        self.refused = refused
    }

    /// The validation of one output package.
    public struct Validation: Sendable, Codable, Equatable {
        public var errors: Int
        public var warnings: Int
        /// Findings that do not stop an import (a business-required column left empty); 0 in reports written
        /// before notices existed.
        public var notices: Int
        /// Rule id → findings, of every severity together.
        public var rules: [String: Int]
        /// The first error findings, as `validate` prints them (at most 20).
        public var firstErrors: [String]

        public init(errors: Int, warnings: Int, notices: Int = 0, rules: [String: Int], firstErrors: [String]) {
            self.errors = errors
            self.warnings = warnings
            self.notices = notices
            self.rules = rules
            self.firstErrors = firstErrors
        }

        enum CodingKeys: String, CodingKey {
            case errors, warnings, notices, rules, firstErrors
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            errors = try container.decode(Int.self, forKey: .errors)
            warnings = try container.decode(Int.self, forKey: .warnings)
            notices = try container.decodeIfPresent(Int.self, forKey: .notices) ?? 0
            rules = try container.decode([String: Int].self, forKey: .rules)
            firstErrors = try container.decode([String].self, forKey: .firstErrors)
        }
    }

    /// Sums over all flows: the flows' counts added up. The JSON gives the rejections as their sum alone (a
    /// decoded report's totals hold them under `unknown`), so totals compare equal on what the JSON holds.
    @dynamicMemberLookup
    public struct Totals: Sendable, Codable, Equatable {
        public var counts: RecordCounts
        public var written: Int

        public init(counts: RecordCounts = RecordCounts(), written: Int = 0) {
            self.counts = counts
            self.written = written
        }

        public subscript<Value>(dynamicMember count: KeyPath<RecordCounts, Value>) -> Value { counts[keyPath: count] }

        public subscript<Value>(dynamicMember count: WritableKeyPath<RecordCounts, Value>) -> Value {
            get { counts[keyPath: count] }
            set { counts[keyPath: count] = newValue }
        }

        enum CodingKeys: String, CodingKey {
            case written
        }

        public init(from decoder: any Decoder) throws {
            counts = try RecordCounts(from: decoder)
            written = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .written)
        }

        public static func == (left: Totals, right: Totals) -> Bool {
            var (leftCounts, rightCounts) = (left.counts, right.counts)
            leftCounts.rejectedByReason = ["": left.counts.rejected]
            rightCounts.rejectedByReason = ["": right.counts.rejected]
            return leftCounts == rightCounts && left.written == right.written
        }

        public func encode(to encoder: any Encoder) throws {
            try counts.encode(to: encoder, withReasons: false)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(written, forKey: .written)
        }
    }

    /// The JSON text: pretty-printed, keys sorted, a final newline.
    public func jsonData() throws -> Data { try ReportJSON.data(self) }
}
