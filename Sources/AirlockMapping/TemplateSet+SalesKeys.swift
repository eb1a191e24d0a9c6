extension TemplateSet {
    /// The attribute of its own that the set's flows key the Sales entity `entity` by (`account` → `accountnumber`,
    /// `contact` → `msdynce_contactnumber`, `product` → `productnumber`): the first key field that is not a lookup of
    /// the first flow, in run order, that reads the entity for F&O, else of the first that writes it from F&O; nil
    /// when no flow joins the entity to F&O by a field of its own. The one derivation of a Sales key: the keys
    /// `convert --assign-keys` gives, the attribute a keymap link sets (held to `LinkedEntity` by
    /// `KeyJoinDeclarationTests`), as `KeymapApplier.foKeyColumn` derives the F&O side.
    public func salesKeyAttribute(of entity: String) -> String? {
        let order = runOrder()
        let reading = order.filter { $0.direction == .salesToFO && $0.source.entity == entity }.map(\.source)
        let writing = order.filter { $0.direction == .foToSales && $0.target.entity == entity }.map(\.target)
        return (reading + writing).lazy.compactMap { $0.key.first { $0.referencedField == nil }?.field }.first
    }
}
