import AirlockModel

extension AirlockError.Code {
    /// A flow's counts do not add up: read ≠ created + updated + unchanged + filtered + rejected.
    public static let accountingIdentity = AirlockError.Code(rawValue: "accounting-identity")
    /// A column a key or a comparison needs is not in the table.
    public static let missingColumn = AirlockError.Code(rawValue: "missing-column")
}
