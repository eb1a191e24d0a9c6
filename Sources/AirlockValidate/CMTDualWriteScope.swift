import AirlockModel
import AirlockPackages

/// Which entities of a Configuration Migration package `validate` checks as loaded for dual-write, so that every
/// record must fill the table's dual-write integration key (`cmt.record.dual-write-key`, docs/validation.md).
///
/// An entity is checked when the catalog gives its table an integration key (`SalesEntitySchema.dualWriteKey`) and
/// either the user says the package is for dual-write (`validate --dual-write`), or the package's schema declares a
/// column of the key that only dual-write adds to the table: one that neither Microsoft's table reference nor the
/// Prospect to cash solution lists (`msdyn_company`, `msdyn_contactpersonid`, `cdm_companycode`). A Prospect to cash
/// package declares none of them, so it validates as before.
struct CMTDualWriteScope {
    /// Every entity with an integration key counts, whatever its schema declares.
    let isForced: Bool

    /// The integration key to check on `schema`'s records, or nil when the entity is not checked as dual-write.
    func key(for schema: CMTSchemaEntity?, catalog: SalesEntitySchema?) -> SalesIntegrationKey? {
        guard let schema, let key = catalog?.dualWriteKey else { return nil }
        if isForced { return key }
        let declared = Set(schema.fields.map(\.name))
        let marksDualWrite = key.columns.contains { column in
            guard declared.contains(column), let attribute = catalog?.attribute(named: column) else { return false }
            return attribute.origin != .tableReference && attribute.origin != .solution
        }
        return marksDualWrite ? key : nil
    }
}
