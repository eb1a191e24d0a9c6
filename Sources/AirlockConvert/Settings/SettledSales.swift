import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The Sales export as the run's settings leave it before the flows run: keys given to the accounts and contacts
/// without one (`--assign-keys`), the currencies its lookups name settled (`CurrencyResolver`), with what each did,
/// for what the run says of them (`SettingsNotices`).
struct SettledSales {
    /// The Sales export, settled.
    var package: CMTPackage
    /// Per keyed entity, its records and those without a key, as the export held them.
    var unkeyed: [UnkeyedRecords.Count]
    /// The keys assigned; nil without `--assign-keys`.
    var assignedKeys: AssignedKeys?
    /// The keys written back to Sales (assigned, or restored by the key register), and those that cannot be.
    var writeBack: KeyWriteBack
    /// The currencies the lookups name, with how each was settled.
    var currencies: [CurrencyResolver.NamedCurrency]

    /// Settles `sales` by `settings`; `foTables` and `register` hold the keys an assigned key must not take, and
    /// `restored` the records whose registered key the register gave back (written back with the assigned).
    /// - Throws: `KeyAssigner`'s and `CurrencyResolver`'s refusals.
    init(
        _ sales: CMTPackage, settings: RunSettings, foTables: [(String, Table)], register: KeyRegister?,
        restored: [String: [AssignedKeys.Assignment]], templates: TemplateSet, catalog: SchemaCatalog
    ) throws {
        unkeyed = UnkeyedRecords.count(in: sales, templates: templates)
        var package = sales
        if let spec = settings.keys {
            let assigned = try KeyAssigner.assign(
                spec, to: package, foTables: foTables, register: register, templates: templates, catalog: catalog)
            package = assigned.sales
            assignedKeys = assigned.keys
        }
        writeBack = KeyWriteBack(
            keyed: KeyedEntity.of(templates), assigned: assignedKeys, restored: restored, sales: sales, catalog: catalog)
        let resolved = try CurrencyResolver.resolve(package, templates: templates, names: settings.currencyNames)
        self.package = resolved.sales
        currencies = resolved.currencies
    }

    /// What the run says of the settings, each line with the first flow it concerns.
    func notices(order: [MappingTemplate]) -> [(flow: String, text: String)] {
        SettingsNotices.texts(
            unkeyed: unkeyed, assigned: assignedKeys, writeBack: writeBack, currencies: currencies, sales: package, order: order)
    }
}
