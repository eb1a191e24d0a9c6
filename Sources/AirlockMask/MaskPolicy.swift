import AirlockMapping
import AirlockModel
import AirlockYAML

/// Which columns of which entities are masked, and how: the bundled default (`mask-policy.yaml`, docs/mask.md) with a
/// user's `--policy` file laid over it (an entry there adds a column, changes its method, or keeps it clear), then
/// carried along every field map of the bundled templates: a user's entry to every column the maps copy it to or from,
/// then a column a map fills from a masked column, or that fills one, masked by the same method, so that both exports
/// say the same (`carryAlongTemplates`); what would still disagree is refused (`checkJoins`).
public struct MaskPolicy: Sendable, Equatable {
    /// Side (`fo`, `sales`) → entity (an F&O label or a Sales logical name, as the catalog names it) → column → method.
    public private(set) var methods: [String: [String: [String: MaskMethod]]]
    /// Where each entry of a policy file stands (`side/entity/column`, lower case), for an error found later.
    private var origins: [String: SourceLocation] = [:]
    /// The entries of a `--policy` file, and the columns its methods were carried to.
    private var userEntries: Set<String> = []
    /// The columns the bundled templates join records by (`side/entity/column`, lower case): their keys and the
    /// columns their lookups find a record by (an order's number, an account's number), which the catalog may not
    /// mark as keys.
    private var joinColumns: Set<String> = []

    /// The method of `column` of `entity` on `side` (its any name for F&O), nil when the column is not masked.
    public func method(side: String, entity: String, column: String, catalog: SchemaCatalog) -> MaskMethod? {
        let label = side == "fo" ? catalog.foLabel(of: entity) : entity
        let columns =
            methods[side]?.first { $0.key.lowercased() == label.lowercased() }?.value ?? [:]
        let method = columns.first { $0.key.lowercased() == column.lowercased() }?.value
        return method == .keep ? nil : method
    }

    /// The method the primary name of Sales `entity` is masked by (a lookup's display name is masked so, as the record
    /// it names is), nil when it is not masked.
    public func nameMethod(ofSales entity: String, catalog: SchemaCatalog) -> MaskMethod? {
        catalog.salesEntity(named: entity)?.primaryNameAttribute.flatMap {
            method(side: "sales", entity: entity, column: $0, catalog: catalog)
        }
    }

    /// Whether the policy keeps `column` of `entity` clear by name (`keep`): masked values found in it are counted, not
    /// replaced.
    public func keeps(side: String, entity: String, column: String, catalog: SchemaCatalog) -> Bool {
        let label = side == "fo" ? catalog.foLabel(of: entity) : entity
        return methods[side]?.first { $0.key.lowercased() == label.lowercased() }?.value
            .first { $0.key.lowercased() == column.lowercased() }?.value == .keep
    }

    /// The bundled policy, with `overlay` (a `--policy` file) laid over it, checked against `catalog`.
    /// - Throws: `AirlockError(.usage)` naming the file, line and key for an unknown side, entity, column or method,
    ///   or a key or lookup column given a method (masking it would break the joins).
    public static func load(overlay: String?, catalog: SchemaCatalog) throws -> MaskPolicy {
        let bundled = try BundledResources.files(embeddedResources, what: "the bundled masking policy")
        guard let text = bundled.first(where: { $0.path.hasSuffix("mask-policy.yaml") })?.text else {
            throw AirlockError(.io, "the bundled masking policy is missing from the executable")
        }
        var templates: [MappingTemplate] = []
        for set in TemplateSetName.allCases { templates += try TemplateLoader.bundled(set).templates }
        var policy = MaskPolicy(methods: [:], origins: [:], userEntries: [], joinColumns: joinColumns(of: templates, catalog: catalog))
        try policy.add(yaml: text, file: bundledFile, catalog: catalog)
        if let overlay {
            try policy.add(yaml: try BundledResources.readText(overlay, what: "the masking policy"), file: overlay, catalog: catalog)
        }
        try policy.carryAlongTemplates(templates, catalog: catalog)
        return policy
    }

    /// The columns `templates` join records by: each end's key and each lookup's column (a path's first part).
    static func joinColumns(of templates: [MappingTemplate], catalog: SchemaCatalog) -> Set<String> {
        func entry(_ side: DataSide, _ entity: String, _ column: String) -> String { entryKey((side, entity, column), catalog: catalog) }
        var result: Set<String> = []
        for template in templates {
            for end in [template.source, template.target] {
                for key in end.key { result.insert(entry(end.side, end.entity, key.field)) }
            }
            for mapping in template.fields {
                for lookup in mapping.lookup { result.insert(entry(template.target.side, lookup.entity, lookup.keyAttribute)) }
            }
        }
        return result
    }

    /// A column of an entity on a side, as the templates and the catalog name it.
    private typealias Column = (side: DataSide, entity: String, column: String)

    /// A side as the policy names it: `fo` or `sales`.
    private static func sideName(_ side: DataSide) -> String { side == .fo ? "fo" : "sales" }

    /// An entity as the policy names it: an F&O entity by its label, a Sales one by its logical name.
    private static func label(_ side: DataSide, _ entity: String, catalog: SchemaCatalog) -> String {
        side == .fo ? catalog.foLabel(of: entity) : entity
    }

    /// A column as an entry of the policy (`side/entity/column`, lower case).
    private static func entryKey(_ column: Column, catalog: SchemaCatalog) -> String {
        "\(sideName(column.side))/\(label(column.side, column.entity, catalog: catalog))/\(column.column)".lowercased()
    }

    /// The method of `column` as the policy writes it, `keep` included.
    private func writtenMethod(_ column: Column, catalog: SchemaCatalog) -> MaskMethod? {
        let label = Self.label(column.side, column.entity, catalog: catalog)
        return methods[Self.sideName(column.side)]?.first { $0.key.lowercased() == label.lowercased() }?.value
            .first { $0.key.lowercased() == column.column.lowercased() }?.value
    }

    /// Masks, by the same method, each column a bundled template maps to or from a masked column, until nothing
    /// changes; a column the policy keeps clear (`keep`), a key and a lookup stay as they are.
    mutating func carryAlongTemplates(_ templates: [MappingTemplate], catalog: SchemaCatalog) throws {
        let copies = Self.templateCopies(templates) + Self.alikeCopies(catalog: catalog)
        let keyBound = keyBoundColumns(templates, catalog: catalog)
        carryUserEntries(along: copies, keyBound: keyBound, catalog: catalog)
        carryMaskedColumns(along: copies, keyBound: keyBound, catalog: catalog)
        try checkJoins(templates, catalog: catalog)
    }

    /// Each pair of columns a template copies one into the other, both ways (a lookup's path by its first part).
    private static func templateCopies(_ templates: [MappingTemplate]) -> [(from: Column, to: Column)] {
        var copies: [(from: Column, to: Column)] = []
        for template in templates {
            for mapping in template.fields {
                guard let source = mapping.source.map({ String($0.prefix { $0 != "." }) }) else { continue }
                let ends: [Column] = [
                    (template.source.side, template.source.entity, source), (template.target.side, template.target.entity, mapping.target),
                ]
                copies += [(ends[0], ends[1]), (ends[1], ends[0])]
            }
        }
        return copies
    }

    /// A column of one document entity and the same column of another (order, quotation and invoice headers and
    /// lines, each side's alike), both ways: one meaning, masked alike wherever it is.
    private static func alikeCopies(catalog: SchemaCatalog) -> [(from: Column, to: Column)] {
        var copies: [(from: Column, to: Column)] = []
        for family in alikeEntities {
            let side: DataSide = family.side == "fo" ? .fo : .sales
            let members = family.entities.filter { columns(side: family.side, entity: $0, catalog: catalog) != nil }
            for (index, first) in members.enumerated() {
                let firstColumns = columns(side: family.side, entity: first, catalog: catalog) ?? []
                for second in members[(index + 1)...] {
                    let secondColumns = Set((columns(side: family.side, entity: second, catalog: catalog) ?? []).map { $0.lowercased() })
                    for column in firstColumns where secondColumns.contains(column.lowercased()) {
                        copies += [((side, first, column), (side, second, column)), ((side, second, column), (side, first, column))]
                    }
                }
            }
        }
        return copies
    }

    /// Columns a template copies to or from a key (an invoice's name from its number), as policy entries: masked,
    /// they would disagree with the key the other export holds clear.
    private func keyBoundColumns(_ templates: [MappingTemplate], catalog: SchemaCatalog) -> Set<String> {
        var keyBound: Set<String> = []
        for template in templates {
            for mapping in template.fields {
                guard let source = mapping.source, !source.contains(".") else { continue }
                let ends: [Column] = [
                    (template.source.side, template.source.entity, source), (template.target.side, template.target.entity, mapping.target),
                ]
                for (one, other) in [(ends[0], ends[1]), (ends[1], ends[0])]
                where isKey(side: Self.sideName(other.side), entity: other.entity, column: other.column, catalog: catalog) {
                    keyBound.insert(Self.entryKey(one, catalog: catalog))
                }
            }
        }
        return keyBound
    }

    /// Whether `method` may be carried to column `to`: not a key, in the catalog, of a type the method keeps.
    private func takes(_ to: Column, _ method: MaskMethod, keyBound: Set<String>, catalog: SchemaCatalog) -> Bool {
        let side = Self.sideName(to.side)
        return !keyBound.contains(Self.entryKey(to, catalog: catalog))
            && !isKey(side: side, entity: to.entity, column: to.column, catalog: catalog)
            && Self.isKnown(side: side, entity: to.entity, column: to.column, catalog: catalog)
            && Self.fits(method, side: side, entity: to.entity, column: to.column, catalog: catalog)
    }

    /// A user's entry first: its method (`keep` too) goes to every column the maps copy it to or from, over the
    /// bundled method there, so that a change to one column is a change to all its copies; until nothing changes.
    private mutating func carryUserEntries(along copies: [(from: Column, to: Column)], keyBound: Set<String>, catalog: SchemaCatalog) {
        var changed = true
        while changed {
            changed = false
            for (from, to) in copies {
                let fromEntry = Self.entryKey(from, catalog: catalog)
                let toEntry = Self.entryKey(to, catalog: catalog)
                guard userEntries.contains(fromEntry), !userEntries.contains(toEntry), let method = writtenMethod(from, catalog: catalog),
                    writtenMethod(to, catalog: catalog) != method, takes(to, method, keyBound: keyBound, catalog: catalog)
                else { continue }
                methods[Self.sideName(to.side), default: [:]][Self.label(to.side, to.entity, catalog: catalog), default: [:]][to.column] =
                    method
                userEntries.insert(toEntry)
                origins[toEntry] = origins[fromEntry]
                changed = true
            }
        }
    }

    /// Then every masked column's method to the columns without one, until nothing changes.
    private mutating func carryMaskedColumns(along copies: [(from: Column, to: Column)], keyBound: Set<String>, catalog: SchemaCatalog) {
        var changed = true
        while changed {
            changed = false
            for (from, to) in copies {
                guard let method = writtenMethod(from, catalog: catalog), method != .keep, writtenMethod(to, catalog: catalog) == nil,
                    takes(to, method, keyBound: keyBound, catalog: catalog)
                else { continue }
                methods[Self.sideName(to.side), default: [:]][Self.label(to.side, to.entity, catalog: catalog), default: [:]][to.column] =
                    method
                changed = true
            }
        }
    }

    /// Refuses a policy under which a flow would write, into a column the other export holds masked, a value that is
    /// not masked alike: the column filled by a bundled template from a key (masked in one export, copied clear by
    /// `convert`), from a column the policy keeps clear (`keep`), or from a column masked by a method that draws
    /// otherwise. A rehearsal on such files would report
    /// every record of the flow changed.
    /// - Throws: `AirlockError(.usage)` at the policy entry, naming the template and both columns.
    private func checkJoins(_ templates: [MappingTemplate], catalog: SchemaCatalog) throws {
        func label(_ side: DataSide, _ entity: String) -> String { Self.label(side, entity, catalog: catalog) }
        func name(_ side: DataSide) -> String { Self.sideName(side) }
        func system(_ side: DataSide) -> String { side == .fo ? "F&O" : "Sales" }
        func current(_ side: DataSide, _ entity: String, _ column: String) -> MaskMethod? {
            method(side: name(side), entity: entity, column: column, catalog: catalog)
        }
        // The method as written, `keep` included.
        func written(_ side: DataSide, _ entity: String, _ column: String) -> MaskMethod? {
            writtenMethod((side, entity, column), catalog: catalog)
        }
        for template in templates {
            for mapping in template.fields {
                // A direct copy; a value reached through a lookup (`parentcustomerid.name`) is the named record's own.
                guard let source = mapping.source, !source.contains(".") else { continue }
                let ends = [
                    (template.source.side, template.source.entity, source), (template.target.side, template.target.entity, mapping.target),
                ]
                for (masked, clear) in [(ends[1], ends[0]), (ends[0], ends[1])] {
                    guard let method = current(masked.0, masked.1, masked.2) else { continue }
                    let other = current(clear.0, clear.1, clear.2)
                    let problem: String?
                    if other == nil, isKey(side: name(clear.0), entity: clear.1, column: clear.2, catalog: catalog) {
                        problem = "is a key, never masked"
                    } else if let other, other != method, !(Self.drawAlike.contains(other) && Self.drawAlike.contains(method)) {
                        problem = "is masked as \(other.rawValue), which draws otherwise"
                    } else if other == nil, written(clear.0, clear.1, clear.2) == .keep {
                        problem = "the policy keeps clear"
                    } else {
                        problem = nil
                    }
                    guard let problem else { continue }
                    // At the entry a user wrote, when one of the two is theirs.
                    let entries = [masked, clear].compactMap { origins[Self.entryKey($0, catalog: catalog)] }
                    let location = entries.first { $0.file != Self.bundledFile } ?? entries.first ?? SourceLocation()
                    throw AirlockError(
                        .usage,
                        "\(system(masked.0)) \(label(masked.0, masked.1)).\(masked.2) is masked as \(method.rawValue), but the template \(template.name) copies it to or from \(system(clear.0)) \(label(clear.0, clear.1)).\(clear.2), which \(problem): the masked exports would disagree on every record of the flow; leave \(masked.2) out of the policy or give both the same method",
                        at: location)
                }
            }
        }
    }

    /// Entities whose columns of one name mean one thing (versions of one entity; the headers and lines of orders,
    /// quotations and invoices): a column masked in one is masked alike in every other that has it, so that the order's
    /// reference and the invoice's say the same.
    static let alikeEntities: [(side: String, entities: [String])] = [
        ("fo", ["Customers V2", "Customers V3"]),
        ("fo", ["CDS Contacts", "CDS Contacts V2", "Contacts V2"]),
        (
            "fo",
            [
                "CDS sales order headers", "Sales order headers V2", "Sales order headers V3", "Sales order headers V4",
                "CDS sales quotation header", "Sales quotation headers V2", "Sales invoice headers V2",
                "Externally maintained customer sales invoice headers",
            ]
        ),
        (
            "fo",
            [
                "CDS sales order lines", "Sales order lines V2", "Sales order lines V3", "CDS sales quotation lines",
                "Sales quotation lines V2", "Sales invoice lines V2", "Externally maintained customer sales invoice lines",
            ]
        ),
        ("sales", ["salesorder", "quote", "invoice"]),
        ("sales", ["salesorderdetail", "quotedetail", "invoicedetail"]),
    ]

    /// The columns of `entity` in the catalog, nil when the catalog does not know it.
    static func columns(side: String, entity: String, catalog: SchemaCatalog) -> [String]? {
        side == "fo"
            ? catalog.foEntity(named: entity)?.fields.map(\.name)
            : catalog.salesEntity(named: entity)?.attributes.map(\.logicalName)
    }

    /// Methods free text may take: word by word, its shape kept (`text`, or a name's method for a column that holds a
    /// name such as an order's reference), or `blank` and `keep`. The others read a value as one key (an e-mail
    /// address, a phone number, a postcode, an identifier, a date) and would draw a reference or a note as a whole.
    static let freeTextMethods: Set<MaskMethod> = [.text, .organisation, .person, .blank, .keep]

    /// Whether `column` holds free text: a description, a note, a memo, a comment or a subject, or a customer's or a
    /// line's reference (by its name), or a multi-line Sales column (`memo`). A number that is a reference
    /// (`PANREFERENCENUMBER`, a requisition number, a taxpayer's reference) is an identifier, not free text.
    static func isFreeText(side: String, entity: String, column: String, catalog: SchemaCatalog) -> Bool {
        if side == "sales", catalog.salesEntity(named: entity)?.attribute(named: column)?.format?.lowercased() == "memo" { return true }
        let name = column.lowercased()
        return ["description", "descrption", "notes", "memo", "comments", "subject"].contains { name.contains($0) }
            || ["customersreference", "ordersreference", "orderreference", "linereference"].contains { name.hasSuffix($0) }
            || name.hasSuffix("note") || name.hasSuffix("text")
    }

    /// How errors name the bundled policy.
    static let bundledFile = "mask-policy.yaml (bundled)"

    /// Methods whose words are drawn alike (`MaskReplacer.namePurpose`): a column filled from either agrees.
    static let drawAlike: Set<MaskMethod> = [.organisation, .person]

    /// Whether `method` keeps the type of `column` (text methods on text, `date` on dates; `blank` and `keep` on any).
    static func fits(_ method: MaskMethod, side: String, entity: String, column: String, catalog: SchemaCatalog) -> Bool {
        switch method {
        case .blank, .keep: return true
        case .dateParts:
            // A day, a month or a year kept apart (F&O), as a number or the month's enum.
            guard side == "fo", MaskDateGroup.part(of: column) != nil else { return false }
            switch catalog.foEntity(named: entity)?.field(named: column)?.type {
            case .int?, .enumeration?: return true
            default: return false
            }
        case .date:
            if side == "fo" {
                switch catalog.foEntity(named: entity)?.field(named: column)?.type {
                case .date?, .datetime?: return true
                default: return false
                }
            }
            return catalog.salesEntity(named: entity)?.attribute(named: column)?.type == .datetime
        default:
            if side == "fo" {
                if case .string? = catalog.foEntity(named: entity)?.field(named: column)?.type { return true }
                return false
            }
            return catalog.salesEntity(named: entity)?.attribute(named: column)?.type == .string
        }
    }

    /// Whether `column` is a field of `entity` in the catalog.
    static func isKnown(side: String, entity: String, column: String, catalog: SchemaCatalog) -> Bool {
        side == "fo"
            ? catalog.foEntity(named: entity)?.field(named: column) != nil
            : catalog.salesEntity(named: entity)?.attribute(named: column) != nil
    }

    /// Whether `column` of `entity` is a key or names another record, in the catalog or in the bundled templates'
    /// joins: masking it would break the joins, and text found in it is left as it is.
    public func isKey(side: String, entity: String, column: String, catalog: SchemaCatalog) -> Bool {
        let label = side == "fo" ? catalog.foLabel(of: entity) : entity
        return joinColumns.contains("\(side)/\(label)/\(column)".lowercased())
            || Self.isCatalogKey(side: side, entity: entity, column: column, catalog: catalog)
    }

    /// Whether `column` of `entity` is a key or names another record in the catalog.
    static func isCatalogKey(side: String, entity: String, column: String, catalog: SchemaCatalog) -> Bool {
        if side == "fo" {
            guard let schema = catalog.foEntity(named: entity) else { return false }
            return schema.keyFields.contains { $0.uppercased() == column.uppercased() }
                || catalog.foEntities.contains { $0.isReferenced(by: column) }
        }
        guard let schema = catalog.salesEntity(named: entity), let attribute = schema.attribute(named: column) else { return false }
        switch attribute.type {
        case .guid, .entityReference, .owner: return true
        default: return column == schema.primaryIdAttribute || schema.naturalKey.contains(column)
        }
    }

    private mutating func add(yaml text: String, file: String, catalog: SchemaCatalog) throws {
        guard let root = try YAMLNode.root(yaml: text, file: file, code: .usage) else { return }
        for side in try root.entries(allowing: ["fo", "sales"]) {
            for entity in try side.value.entries() {
                let label: String
                if side.key == "fo" {
                    guard let schema = catalog.foEntity(named: entity.key) else {
                        throw entity.keyNode.error("no F&O entity '\(entity.key)' in the schema catalog (add it with --catalog)")
                    }
                    label = schema.label
                } else {
                    guard let schema = catalog.salesEntity(named: entity.key) else {
                        throw entity.keyNode.error("no Sales entity '\(entity.key)' in the schema catalog (add it with --catalog)")
                    }
                    label = schema.logicalName
                }
                let known = { Self.isKnown(side: side.key, entity: label, column: $0, catalog: catalog) }
                let joins = self
                let isKey = { joins.isKey(side: side.key, entity: label, column: $0, catalog: catalog) }
                for column in try entity.value.entries() {
                    guard let text = column.value.node.scalar?.string, let method = MaskMethod(rawValue: text) else {
                        throw column.value.error(
                            "unknown masking method for \(label).\(column.key); the methods are \(MaskMethod.allCases.map(\.rawValue).joined(separator: ", "))"
                        )
                    }
                    guard known(column.key) else {
                        throw column.keyNode.error("\(label) has no column \(column.key) in the schema catalog (add it with --catalog)")
                    }
                    guard Self.fits(method, side: side.key, entity: label, column: column.key, catalog: catalog) else {
                        throw column.value.error(
                            "\(method.rawValue) does not keep the type of \(label).\(column.key): text methods go on text columns, date on dates"
                        )
                    }
                    if !Self.freeTextMethods.contains(method),
                        Self.isFreeText(side: side.key, entity: label, column: column.key, catalog: catalog)
                    {
                        throw column.value.error(
                            "\(label).\(column.key) is free text, which keeps its shape: give it \(Self.freeTextMethods.map(\.rawValue).sorted().joined(separator: ", ")), not \(method.rawValue), which draws the whole value as one key"
                        )
                    }
                    if method != .keep, isKey(column.key) {
                        throw column.keyNode.error(
                            "\(label).\(column.key) is a key or names another record: masking it would break the joins between the exports; leave it out of the policy"
                        )
                    }
                    methods[side.key, default: [:]][label, default: [:]][column.key] = method
                    origins["\(side.key)/\(label)/\(column.key)".lowercased()] = column.keyNode.location
                    if file != Self.bundledFile { userEntries.insert("\(side.key)/\(label)/\(column.key)".lowercased()) }
                }
            }
        }
    }
}
