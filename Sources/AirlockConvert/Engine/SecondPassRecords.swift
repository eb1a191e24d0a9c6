import AirlockMapping
import AirlockModel

/// What a flow with second-pass lookups (`pass: second`) keeps for `SecondPass`: which fields wait, the target
/// export's records, and per accepted record its target row and whether the flow found it an update.
///
/// While the flow runs, each such field holds the referenced record's business key and is left out of the
/// comparison with the target; `SecondPass` resolves it after every flow and compares it then.
struct SecondPassRecords {
    /// The field maps resolved in the second pass.
    let fields: [FieldMapping]
    /// The target export's records of the flow's entity (an empty table when it has none).
    let target: Table
    /// Per accepted record: its row in `target`, nil when created.
    let targetRows: [Int?]
    /// Per accepted record: whether classification found it an update (else created or unchanged).
    let updated: [Bool]
}
