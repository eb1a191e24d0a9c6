import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// What a flow reads and how it maps each field: its source records, the values the Sales reader could not
/// decode, and a field plan per target field (reader, checks, lookups, the date locale a `from: auto` format reads).
extension FlowRunner {
    /// Source values the Sales export reader could not decode (kept as written), by row: the first one in a field
    /// the flow reads rejects the record `invalid-value`.
    func unreadableValues() -> [Int: CMTValueProblemRecord] {
        guard template.source.side == .sales, let section = context.sales.section(template.source.entity), !section.valueProblems.isEmpty
        else { return [:] }
        let read = Set(template.sourceFieldsRead + template.rules.flatMap { $0.parameters.values })
        var problems: [Int: CMTValueProblemRecord] = [:]
        for problem in section.valueProblems where problems[problem.row] == nil && read.contains(problem.field) {
            problems[problem.row] = problem
        }
        return problems
    }

    /// The flow's source records, with the lookup attribute table of a Sales section.
    func sourceView() throws -> SourceView {
        switch template.source.side {
        case .sales:
            let section = context.sales.section(template.source.entity)
            if section == nil {
                context.warn(
                    "the Sales export holds no \(template.source.entity): flow \(template.name) reads nothing", flow: template.name)
            }
            return SourceView(
                table: section?.records.values ?? Table(name: template.source.entity), side: .sales, entity: template.source.entity,
                lookupEntities: section?.records.attributeTable(named: CMTRecordTable.lookupEntityAttribute), sales: context.sales)
        case .fo:
            let table = try context.fo.table(template.source.entity)
            if table == nil {
                context.warn("the F&O export holds no \(template.source.entity): flow \(template.name) reads nothing", flow: template.name)
            }
            return SourceView(
                table: table ?? Table(name: template.source.entity), side: .fo, entity: template.source.entity, lookupEntities: nil,
                sales: context.sales)
        }
    }

    func prepareFields(layout: FlowLayout, view: SourceView) -> [FieldPlan] {
        let catalog = context.catalog
        var plans: [FieldPlan] = []
        var seenTargets: Set<String> = []
        for var mapping in template.fields where seenTargets.insert(mapping.target).inserted {
            guard let position = layout.position(mapping.target) else { continue }
            if template.source.side == .fo, mapping.source?.uppercased() == FlowLayout.companyField {
                // DATAAREAID of an F&O record the flow takes is the conversion's company (another company's records
                // are filtered, and an export without the column is the company's): read as that constant.
                mapping.source = nil
                mapping.transforms = [.constant(context.company)] + mapping.transforms.filter { $0 != .copy }
            }
            let sourceLookups = template.direction == .salesToFO ? mapping.lookup : []
            let reader = mapping.source.map { view.prepare(FieldReference(field: $0), lookup: sourceLookups, catalog: catalog) }
            var foCheck: FOFieldValueCheck?
            var salesCheck: CMTFieldValueCheck?
            var required = false
            var references: [ReferenceCandidate] = []
            switch template.target.side {
            case .fo:
                if let field = catalog.foEntity(named: template.target.entity)?.field(named: mapping.target) {
                    foCheck = FOFieldValueCheck(field: field, catalog: catalog)
                    required = field.isMandatory
                }
                // Each place once: a lookup to accounts or contacts finds customers in the same F&O tables.
                var places: Set<String> = []
                for target in sourceLookups {
                    references += context.referenceCandidates(forSalesEntity: target.entity).filter {
                        places.insert($0.description).inserted
                    }
                }
            case .sales:
                // A second-pass lookup keeps the business key until `SecondPass` resolves it after every flow.
                if !mapping.isSecondPass, let entity = catalog.salesEntity(named: template.target.entity),
                    let attribute = entity.attribute(named: mapping.target)
                {
                    // What the data pass checks of the attribute's values: a guessed length or option list is left
                    // to validate's warning; the platform's own limit holds for every text.
                    salesCheck = CMTFieldValueCheck(
                        field: mapping.target, type: CMTFieldType(rawValue: attribute.type.rawValue), attribute: attribute)
                    // Refused as `validate --for` the set's integration refuses it: a column the platform or the
                    // integration needs; a business-required one only forms ask for is not.
                    required = entity.requirement(of: attribute)?.refusesMissing(for: context.templates.set.integration) ?? false
                }
            }
            let keyPath =
                template.target.side == .sales
                ? template.target.key.first(where: { $0.field == mapping.target && $0.referencedField != nil }).flatMap {
                    layout.position($0.description)
                }
                : nil
            let targetLookups = template.direction == .foToSales && !mapping.isSecondPass ? mapping.lookup : []
            let check = TargetValueCheck(
                target: mapping.target, foCheck: foCheck, salesCheck: salesCheck, isRequired: required)
            // A state's code depends on the record's country: its field, read through its own map when it has one.
            let country = mapping.subdivisionCountryField.map { state in
                let countryMapping = template.fields.first { $0.source == state.field && $0.countryForm != nil }
                return FieldPipeline.CountrySource(
                    reader: view.prepare(FieldReference(field: state.field), lookup: [], catalog: catalog),
                    mapping: countryMapping, overrides: state.overrides,
                    otherFields: countryMapping.flatMap { OtherSourceFields(of: $0, view: view, catalog: catalog) })
            }
            let pipeline = FieldPipeline(
                mapping: mapping, reader: reader, valueMap: mapping.valueMapName.flatMap(context.templates.valueMap(named:)), check: check,
                targetLookups: targetLookups, references: references, writesKeyPath: keyPath != nil,
                dateLocale: dateLocale(of: mapping, reader: reader, view: view), country: country,
                otherFields: OtherSourceFields(of: mapping, view: view, catalog: catalog))
            plans.append(
                FieldPlan(
                    pipeline: pipeline, position: position, keyPathPosition: keyPath,
                    lookupEntityPosition: targetLookups.isEmpty ? nil : layout.position(FlowLayout.lookupEntityColumn(mapping.target)),
                    lookupNamePosition: targetLookups.isEmpty ? nil : layout.position(FlowLayout.lookupNameColumn(mapping.target))))
        }
        return plans
    }

    /// The F&O locale a field's `dateFormat: {from: auto}` reads its source column in: `--fo-locale` when given,
    /// else learnt from the column's values (`FODateFormatDetector`); a column the values leave ambiguous is read
    /// as en-US, F&O's default, with a warning that names it and asks for `--fo-locale`. Nil for other fields.
    func dateLocale(of mapping: FieldMapping, reader: SourceFieldReader?, view: SourceView) -> FOLocale? {
        guard mapping.transforms.contains(where: { if case .dateFormat(.auto, _) = $0 { true } else { false } }) else { return nil }
        if let given = context.options.foLocale.flatMap(FOLocale.init(name:)) { return given }
        guard let column = reader?.column else { return nil }
        var detector = FODateFormatDetector()
        for row in 0..<view.table.rowCount {
            view.table.withValue(row: row, column: column) { bytes in
                guard let bytes, !ASCII.scan(bytes).isBlank else { return }
                _ = detector.read(bytes)
            }
            if detector.locale != nil { break }
        }
        if detector.isAmbiguous, let example = detector.ambiguousExample {
            let readings = detector.candidates.map { "\($0.rawValue) \($0.datePattern)" }.joined(separator: " or ")
            context.warn(
                "flow \(template.name): the \(template.source.entity) column \(mapping.source ?? mapping.target) reads as \(readings), and '\(example)' is a different date in each; read as \(detector.candidates[0].rawValue): give the data project's locale with --fo-locale",
                flow: template.name)
        }
        return detector.locale ?? detector.candidates.first
    }
}
