import AirlockModel
import AirlockReconcile
import AirlockValidate

/// The target's checks of a whole mapped F&O record, beyond its fields one by one: the entity's conditional
/// requirements (an organization needs its name, a person one of its name fields), with `validate`'s check
/// (`FORequirementCheck`), so that `convert` refuses what the validation of its package would call an error.
struct TargetRecordCheck {
    private let check: FORequirementCheck
    /// The layout position of each field the requirements read, nil when the flow does not write it.
    private let positions: [String: Int]

    /// The check for `template`'s target entity in `layout`; nothing to check for a Sales target or an entity
    /// without requirements.
    init(targetEntity: FOEntitySchema?, layout: FlowLayout) {
        check = FORequirementCheck(entity: targetEntity)
        var positions: [String: Int] = [:]
        for field in check.fieldsRead { positions[field] = layout.position(field) }
        self.positions = positions
    }

    /// The problems of the record in `values`: one `missing-required` per unmet requirement.
    func problems(_ values: RowValues) -> [RejectEntry.Problem] {
        guard !check.isEmpty else { return [] }
        return check.unmet { field in positions[field].flatMap { values[$0] } }.map { unmet in
            RejectEntry.Problem(reason: .missingRequired, field: unmet.requirement.anyOf.joined(separator: ", "), message: unmet.message)
        }
    }
}
