import AirlockReport

/// Records of one flow that carry one reference value in an F&O target field, and what the F&O export says of it.
struct ReferenceUse {
    /// What is looked for, e.g. `Currencies with CURRENCYCODE`.
    var target: String
    var value: String
    var records: Int
    var status: ImportPrerequisite.Status
}
