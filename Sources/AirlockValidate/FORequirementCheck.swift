import AirlockModel

/// The conditional requirements of an F&O entity (`FOEntitySchema.requirements`: an organisation needs its name,
/// a person one of its name fields), checked on one record. `validate` reports what a record leaves unmet
/// (`fo.value.mandatory`), and `convert` refuses such a record with the same words: one check, one home.
public struct FORequirementCheck: Sendable {
    /// The requirements checked, in catalog order.
    public let requirements: [FORecordRequirement]

    /// The check of `entity`'s requirements (none for an entity that has none).
    public init(entity: FOEntitySchema?) {
        requirements = entity?.requirements ?? []
    }

    /// Whether the entity has requirements to check.
    public var isEmpty: Bool { requirements.isEmpty }

    /// The fields the requirements read (UPPERCASE).
    public var fieldsRead: [String] {
        var seen = Set<String>()
        return requirements.flatMap { [$0.field] + $0.anyOf }.filter { seen.insert($0).inserted }
    }

    /// The requirements a record leaves unmet, each with the message a finding or a reject gives; `value` returns
    /// a field's value in the record (nil when the record has no such column or no value).
    public func unmet(_ value: (String) -> String?) -> [(requirement: FORecordRequirement, message: String)] {
        requirements.compactMap { requirement in
            let condition = value(requirement.field)
            guard requirement.applies(to: condition) else { return nil }
            let filled = requirement.anyOf.contains { field in
                guard let text = value(field) else { return false }
                return !text.trimmingASCIIWhitespace().isEmpty
            }
            guard !filled else { return nil }
            return (requirement, Self.message(requirement, condition: condition))
        }
    }

    /// `an organization (PARTYTYPE Organization) needs ORGANIZATIONNAME, and the record leaves it empty [source]`.
    static func message(_ requirement: FORecordRequirement, condition: String?) -> String {
        let stated = condition.map { $0.trimmingASCIIWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        let when = stated.map { "\(requirement.field) is \($0)" } ?? "\(requirement.field) is empty"
        let needs =
            requirement.anyOf.count == 1
            ? "\(requirement.anyOf[0]), and the record leaves it empty"
            : "one of \(requirement.anyOf.joined(separator: ", ")), and the record leaves them all empty"
        return "\(when), so the record needs \(needs): F&O refuses it" + (requirement.source.map { " [\($0)]" } ?? "")
    }
}
