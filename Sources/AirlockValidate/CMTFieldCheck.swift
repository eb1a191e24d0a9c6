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
    /// The check of the field's values (format, length, options) `convert` runs too; nil for undeclared fields.
    let value: CMTFieldValueCheck?
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
    /// The entity `allows(_:)` was last asked about and its answer: a field's lookups mostly name one entity.
    @exclusivity(unchecked) private var lastAsked: (target: String, allowed: Bool)?
    /// The record the target was last found to hold for this field (`CMTTargetRecords`): a lookup to a currency, a
    /// unit or a price list names the same record in record after record.
    @exclusivity(unchecked) var lastHeld: (entity: String, id: CMTGUID)?

    init(
        name: String, schemaField: CMTSchemaField?, attribute catalogAttribute: SalesAttributeSchema?, entity: SalesEntitySchema?,
        isPrimaryID: Bool
    ) {
        self.name = name
        isDeclared = schemaField != nil
        type = schemaField?.type
        value = schemaField.map { CMTFieldValueCheck(field: name, type: $0.type, attribute: catalogAttribute) }
        let fitting = value?.attribute
        attribute = fitting
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
        value = CMTFieldValueCheck(field: name, type: .entityReference, attribute: nil)
        requirement = nil
        defaultTarget = nil
        allowedTargets = nil
        areTargetsGuessed = false
        catalogTargets = nil
    }

    /// Whether a value's `lookupentity` may name `target` (`allowedTargets`; any entity when nil).
    func allows(_ target: String) -> Bool {
        guard let allowedTargets else { return true }
        if let lastAsked, lastAsked.target == target { return lastAsked.allowed }
        let allowed = allowedTargets.contains(target)
        lastAsked = (target, allowed)
        return allowed
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
