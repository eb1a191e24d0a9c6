import AirlockModel
import AirlockPackages

/// What the validator knows and has counted about one field of one entity while it streams `data.xml`.
///
/// A class so that the hot path reads its settings without copying the catalog attribute, and updates its
/// counters in place. Used from its pass's thread only, so its state is not checked for exclusive access at run
/// time.
final class CMTFieldCheck {
    /// The logical name (for party list members, `partylistfield/partyid`).
    let name: String
    /// Whether `data_schema.xml` declares the field (synthetic party member fields count as declared).
    let isDeclared: Bool
    /// The schema type; nil for undeclared fields.
    let type: CMTFieldType?
    /// The catalog attribute, when the catalog knows it and the schema type fits it.
    let attribute: SalesAttributeSchema?
    /// The maximum length to check strings against: the catalog's, else the platform's for the column's format
    /// (nil for fields that are not strings).
    let maxLength: Int?
    /// The platform's own limit for the field (4,000 for single-line text; 1,048,576 for multiline or unknown).
    let platformLength: Int
    /// How sure `maxLength` is, and how a catalog extension wants breaches reported.
    let lengthCertainty: CatalogCertainty
    let enforcement: CatalogEnforcement?
    /// Who would refuse a record without a value (the catalog's requirement; nil when nobody would, for the primary
    /// id, which the importer fills, and for fields the schema does not declare).
    let requirement: SalesRequirement?
    /// The only entity `lookupType` names, used when a value has no `lookupentity`.
    let defaultTarget: String?
    /// The entities a value's `lookupentity` may name: the schema's `lookupType`, else the catalog's targets;
    /// nil when neither says.
    let allowedTargets: Set<String>?
    /// Whether `allowedTargets` comes from a guessed catalog entry (a wrong target is then only a warning).
    let areTargetsGuessed: Bool
    /// The entities a documented catalog entry says the lookup points to; nil when the catalog does not know them. A
    /// `lookupentity` outside the schema's `lookupType` is an error only when these confirm it (the schema may be the
    /// one that is wrong).
    let catalogTargets: Set<String>?

    /// The record stamp of the last record that had a value in this field.
    @exclusivity(unchecked) var seenStamp = 0
    /// A column of the dual-write integration key the entity is checked for (`CMTDualWriteScope`).
    @exclusivity(unchecked) var isDualWriteKey = false
    /// The record stamp of the last record whose value in this key column was not blank.
    @exclusivity(unchecked) var keyFilledStamp = 0
    /// The Yes/No column that limits the integration key to the records where it is Yes (`onlyWhen`).
    @exclusivity(unchecked) var isDualWriteScope = false
    /// Occurrences of an undeclared field.
    @exclusivity(unchecked) var undeclared = CMTFieldTally()
    /// Date-times in a culture-dependent form.
    @exclusivity(unchecked) var cultureDates = CMTFieldTally()
    /// Lookups per target entity that the package does not carry, in order of first appearance.
    @exclusivity(unchecked) var outside: [String: CMTFieldTally] = [:]
    @exclusivity(unchecked) var outsideOrder: [String] = []
    /// Values whose `lookupentity` is not among `allowedTargets`, per entity named.
    @exclusivity(unchecked) var wrongTargets: [String: CMTFieldTally] = [:]
    @exclusivity(unchecked) var wrongTargetOrder: [String] = []
    /// Entities in the package (by index) that values of this field pointed to.
    @exclusivity(unchecked) var targetsInPackage = Set<Int>()

    init(
        name: String, schemaField: CMTSchemaField?, attribute catalogAttribute: SalesAttributeSchema?, entity: SalesEntitySchema?,
        isPrimaryID: Bool
    ) {
        self.name = name
        isDeclared = schemaField != nil
        type = schemaField?.type
        let fitting = schemaField.flatMap { field in catalogAttribute.flatMap { field.type.fits($0.type) ? $0 : nil } }
        attribute = fitting
        enforcement = fitting?.enforcement
        platformLength =
            fitting.map { DataversePlatformLimits.textLength(format: $0.format) } ?? DataversePlatformLimits.multilineTextLength
        if schemaField?.type != .string {
            maxLength = nil
            lengthCertainty = .platform
        } else if let fitting, fitting.type == .string, let length = fitting.maxLength, length > 0, length < platformLength {
            maxLength = length
            lengthCertainty = fitting.lengthCertainty
        } else {
            maxLength = platformLength
            lengthCertainty = .platform
        }
        requirement = isPrimaryID ? nil : fitting.flatMap { attribute in entity?.requirement(of: attribute) }
        let targets = schemaField?.lookupTargets ?? []
        defaultTarget = targets.count == 1 ? targets[0] : nil
        let allowed = targets.isEmpty ? (fitting?.lookupTargets ?? []) : targets
        allowedTargets = allowed.isEmpty ? nil : Set(allowed)
        areTargetsGuessed = targets.isEmpty && (fitting?.isGuess ?? false)
        catalogTargets = fitting.flatMap { $0.isGuess || $0.lookupTargets.isEmpty ? nil : Set($0.lookupTargets) }
    }

    /// A party list member's lookup field (`partyid`), checked like a declared lookup.
    init(partyMember name: String) {
        self.name = name
        isDeclared = true
        type = .entityReference
        attribute = nil
        maxLength = nil
        platformLength = DataversePlatformLimits.multilineTextLength
        lengthCertainty = .platform
        enforcement = nil
        requirement = nil
        defaultTarget = nil
        allowedTargets = nil
        areTargetsGuessed = false
        catalogTargets = nil
    }

    /// Counts a value whose `lookupentity` names `target`, which the field cannot point to.
    func noteWrongTarget(_ target: String, line: Int, record: String?, value: @autoclosure () -> String) {
        if wrongTargets[target] == nil { wrongTargetOrder.append(target) }
        wrongTargets[target, default: CMTFieldTally()].note(line: line, record: record, value: value())
    }

    /// Counts a lookup to `target`, an entity the package does not carry.
    func noteOutside(_ target: String, line: Int, record: String?, value: @autoclosure () -> String) {
        if outside[target] == nil { outsideOrder.append(target) }
        outside[target, default: CMTFieldTally()].note(line: line, record: record, value: value())
    }
}
