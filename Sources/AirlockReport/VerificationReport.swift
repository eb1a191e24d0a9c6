import AirlockIO
import AirlockMapping
import Foundation

/// `verify.json`: what landed of a conversion's packages, record by record, in exports taken after the import.
/// Keys are written sorted and nothing depends on the time, so equal inputs give equal bytes.
///
/// Shape scripts can rely on: `flows.<flow>.{sent, landed, unproven, drifted, missing, notVerified, driftedFields,
/// unprovenFields, entities.<entity>.{…the same…, side}}`, `totals`, `sides.<fo|sales>.verified`, `verdict` (see
/// docs/verify.md).
public struct VerificationReport: Sendable, Codable, Equatable {
    /// One target side: whether its export was given and read.
    public struct Side: Sendable, Codable, Equatable {
        public var verified: Bool
        /// The export read (as given), nil when not verified.
        public var export: String?
        /// Why the side is not verified, or what to know about it.
        public var note: String?

        public init(verified: Bool, export: String?, note: String?) {
            self.verified = verified
            self.export = export
            self.note = note
        }
    }

    /// One target entity of a flow.
    public struct Entity: Sendable, Codable, Equatable {
        public var counts: VerificationCounts
        /// `fo` or `sales`: the side the entity's records were sent to (`to-fo.zip` or `to-sales.zip`), which for
        /// records a flow's rules generated need not be the flow's (`accounts` writes the keys it assigns back to
        /// Sales' `account`).
        public var side: String
        /// Field → drifted records in which it differs.
        public var driftedFields: [String: Int]
        /// Field → records counted `unproven` that were sent with a value in it (one of `notCompared`).
        public var unprovenFields: [String: Int]
        /// The export's entity the records were looked for in (another version of the entity, e.g. Customers V3),
        /// nil when not verified.
        public var exportEntity: String?
        /// Fields sent that the export does not carry, so could not be compared.
        public var notCompared: [String]
        /// How records were matched: `key` (F&O: the entity's key and company) or `id` (Sales: the record id, then
        /// the natural key).
        public var matchedBy: String

        public init(
            counts: VerificationCounts, side: String, driftedFields: [String: Int], unprovenFields: [String: Int] = [:],
            exportEntity: String?, notCompared: [String], matchedBy: String
        ) {
            self.counts = counts
            self.side = side
            self.driftedFields = driftedFields
            self.unprovenFields = unprovenFields
            self.exportEntity = exportEntity
            self.notCompared = notCompared
            self.matchedBy = matchedBy
        }

        enum CodingKeys: String, CodingKey {
            case side, driftedFields, unprovenFields, exportEntity, notCompared, matchedBy
        }

        /// Reads an entity; one of a `verify.json` written before entities said their side takes it from how its
        /// records were matched (`key`: F&O, `id`: Sales), and has no unproven fields.
        public init(from decoder: any Decoder) throws {
            counts = try VerificationCounts(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            driftedFields = try container.decode([String: Int].self, forKey: .driftedFields)
            unprovenFields = try container.decodeIfPresent([String: Int].self, forKey: .unprovenFields) ?? [:]
            exportEntity = try container.decodeIfPresent(String.self, forKey: .exportEntity)
            notCompared = try container.decode([String].self, forKey: .notCompared)
            matchedBy = try container.decode(String.self, forKey: .matchedBy)
            side = try container.decodeIfPresent(String.self, forKey: .side) ?? (matchedBy == "id" ? "sales" : "fo")
        }

        public func encode(to encoder: any Encoder) throws {
            try counts.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(side, forKey: .side)
            try container.encode(driftedFields, forKey: .driftedFields)
            try container.encode(unprovenFields, forKey: .unprovenFields)
            try container.encode(exportEntity, forKey: .exportEntity)
            try container.encode(notCompared, forKey: .notCompared)
            try container.encode(matchedBy, forKey: .matchedBy)
        }
    }

    /// One flow: its counts (the sum of its entities') and each target entity it wrote (its own, and those of the
    /// records its rules generated, e.g. price list items of `products`).
    public struct Flow: Sendable, Codable, Equatable {
        public var counts: VerificationCounts
        public var direction: String
        /// `fo` or `sales`: the side of the flow's own target (its direction). An entity of records its rules
        /// generated may be on the other side: each entity says its own (`Entity.side`).
        public var side: String
        /// Whether the export of the flow's own side was given.
        public var verified: Bool
        public var driftedFields: [String: Int]
        /// Field → records of the flow counted `unproven` that were sent with a value in it.
        public var unprovenFields: [String: Int]
        public var entities: [String: Entity]

        public init(
            counts: VerificationCounts, direction: String, side: String, verified: Bool, driftedFields: [String: Int],
            unprovenFields: [String: Int] = [:], entities: [String: Entity]
        ) {
            self.counts = counts
            self.direction = direction
            self.side = side
            self.verified = verified
            self.driftedFields = driftedFields
            self.unprovenFields = unprovenFields
            self.entities = entities
        }

        enum CodingKeys: String, CodingKey {
            case direction, side, verified, driftedFields, unprovenFields, entities
        }

        public init(from decoder: any Decoder) throws {
            counts = try VerificationCounts(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            direction = try container.decode(String.self, forKey: .direction)
            side = try container.decode(String.self, forKey: .side)
            verified = try container.decode(Bool.self, forKey: .verified)
            driftedFields = try container.decode([String: Int].self, forKey: .driftedFields)
            unprovenFields = try container.decodeIfPresent([String: Int].self, forKey: .unprovenFields) ?? [:]
            entities = try container.decode([String: Entity].self, forKey: .entities)
        }

        public func encode(to encoder: any Encoder) throws {
            try counts.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(direction, forKey: .direction)
            try container.encode(side, forKey: .side)
            try container.encode(verified, forKey: .verified)
            try container.encode(driftedFields, forKey: .driftedFields)
            try container.encode(unprovenFields, forKey: .unprovenFields)
            try container.encode(entities, forKey: .entities)
        }
    }

    /// The report's kind, `verification` (so that `airlock report` tells it from a conversion's report).
    public var kind: String
    public var tool: String
    public var version: String
    /// The conversion's company (F&O `dataAreaId`).
    public var company: String
    /// What the verification was asked to check.
    public var options: Options
    /// Path, size and SHA-256 of each input: `report.json`, `to-fo.zip`, `to-sales.zip` (as the run folder holds
    /// them), `fo` and `sales` (the exports after the import).
    public var inputs: [String: FileDigest]
    /// `fo` and `sales`.
    public var sides: [String: Side]
    public var flows: [String: Flow]
    public var totals: VerificationCounts
    /// `missing.csv` and `drifted.csv` with size and SHA-256.
    public var outputs: [String: FileDigest]
    public var warnings: [String]
    /// The migration's key register checked against the F&O export; nil when the run read none (docs/verify.md,
    /// "Registered keys").
    public var registeredKeys: RegisteredKeys?
    /// `landed` (every record sent was found with the values sent, every field sent compared), `drifted` (none
    /// missing, some drifted), `missing` (some missing), `not-verified` (nothing missing or drifted, but some records
    /// not verified), or `unproven` (every record verified was found with the values compared, but something sent
    /// was not proven: `notProven`).
    public var verdict: String

    public init(
        tool: String, version: String, company: String, options: Options, inputs: [String: FileDigest],
        sides: [String: Side], flows: [String: Flow], totals: VerificationCounts, outputs: [String: FileDigest], warnings: [String],
        registeredKeys: RegisteredKeys? = nil
    ) {
        self.kind = Self.kindName
        self.tool = tool
        self.version = version
        self.company = company
        self.options = options
        self.inputs = inputs
        self.sides = sides
        self.flows = flows
        self.totals = totals
        self.outputs = outputs
        self.warnings = warnings
        self.registeredKeys = registeredKeys
        self.verdict = ""
        self.verdict = Self.verdict(totals, notProven: notProven)
    }

    /// The value of `kind`.
    public static let kindName = "verification"

    /// The verdict `totals` and what was not proven (`notProven`) give.
    public static func verdict(_ totals: VerificationCounts, notProven: [NotProven]) -> String {
        if totals.missing > 0 { return "missing" }
        if totals.drifted > 0 { return "drifted" }
        if totals.notVerified > 0 { return "not-verified" }
        if !notProven.isEmpty { return "unproven" }
        return "landed"
    }

    /// Flow names in the bundled sets' order (the default set's first), then any others by name.
    public var flowOrder: [String] {
        let bundled = TemplateSetName.allFlowNames
        return bundled.filter { flows[$0] != nil } + flows.keys.filter { !bundled.contains($0) }.sorted()
    }

    /// The JSON text: pretty-printed, keys sorted, a final newline.
    public func jsonData() throws -> Data { try ReportJSON.data(self) }
}
