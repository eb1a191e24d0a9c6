import AirlockMapping
import AirlockModel
import AirlockPackages

/// What the run says of the settings that stand in for what the exports lack, before any record moves: records
/// without a key (and the option that numbers them), the keys given and where they go, the currencies settled by
/// name and those left unsettled, and records that name no currency. Each text goes to the report's warnings under
/// the first flow it concerns.
enum SettingsNotices {
    static func texts(
        unkeyed: [UnkeyedRecords.Count], assigned: AssignedKeys?, writeBack: KeyWriteBack, currencies: [CurrencyResolver.NamedCurrency],
        sales: CMTPackage, order: [MappingTemplate]
    ) -> [(flow: String, text: String)] {
        let runs = Set(order.map(\.name))
        func flow(of entity: String) -> String { firstFlow(of: entity, in: order) }
        var texts: [(flow: String, text: String)] = []
        let lacking = unkeyed.filter { $0.unkeyed > 0 && $0.keyed.flows.contains(where: runs.contains) }
        if assigned == nil, let first = lacking.first {
            let counts = lacking.map { "\($0.unkeyed) of \($0.records) Sales \($0.keyed.entity) records have no \($0.keyed.attribute)" }
            let flows = lacking.flatMap(\.keyed.flows).filter(runs.contains)
            texts.append(
                (
                    flow(of: first.keyed.entity),
                    "\(counts.joined(separator: " and ")), the key \(flows.joined(separator: ", ")) create and match their F&O records by: they are rejected (missing-required). The Prospect to cash solution numbers such records when it is installed; offline, --assign-keys p2c numbers them the same way (ACC-01000-ABCDEF, CON-01000-ABCDEF) and writes each key back to its Sales record in to-sales.zip. Link the ones F&O already holds first (airlock match, then --keymap)."
                ))
        }
        for keys in assigned?.entities ?? [] where !keys.assignments.isEmpty || keys.sharedIDs != nil {
            if let first = keys.assignments.first?.key, let last = keys.assignments.last?.key {
                var text =
                    "\(keys.assignments.count) Sales \(keys.keyed.entity) records without \(keys.keyed.attribute) take the keys \(first)\(keys.assignments.count > 1 ? " to \(last)" : "") (--assign-keys \(keys.pattern), by createdon, then GUID): \(RunLayout.foPackage) creates their F&O records with them and "
                    + (writeBack.written.contains { $0.keyed.entity == keys.keyed.entity }
                        ? "\(RunLayout.salesPackage) writes each key back to its Sales record (\(AssignedKeyRule.kind)); import both"
                        : "\(RunLayout.salesPackage) cannot write them back (below)")
                if let held = keys.highestHeld { text += "; numbered after \(held.key), the highest key of this form the exports hold" }
                texts.append((flow(of: keys.keyed.entity), text))
            }
            if let shared = keys.sharedIDs {
                texts.append(
                    (
                        flow(of: keys.keyed.entity),
                        "\(shared.records) Sales \(keys.keyed.entity) records without \(keys.keyed.attribute) share their id with another record (first: '\(shared.firstID)'; validate's cmt.record.duplicate-id) and take no key: Sales matches records by id, so neither it nor the key register could tell them apart in a later wave; a flow that converts them rejects them (missing-required) until each has an id of its own"
                    ))
            }
            if let example = keys.heldByFOOnly.first {
                texts.append(
                    (
                        flow(of: keys.keyed.entity),
                        "the F&O export holds \(keys.heldByFOOnly.count) \(keys.keyed.entity) key\(keys.heldByFOOnly.count == 1 ? "" : "s") of the form --assign-keys \(keys.pattern) writes that no Sales record holds (first: \(example)): if an earlier run gave them, its \(RunLayout.salesPackage) was not imported into Sales, and the records it numbered now take new keys and would become second F&O records; import that package and export Sales again first"
                    ))
            }
        }
        let settled = currencies.filter { $0.code != nil }
        if !settled.isEmpty {
            let list = settled.map {
                "'\($0.name)' → \($0.code ?? "") (\($0.records) record\($0.records == 1 ? "" : "s")\($0.byHand ? ", --currency" : ""))"
            }
            texts.append(
                (
                    flow(of: settled[0].fields.first.map { String($0.prefix { $0 != "." }) } ?? ""),
                    "the Sales export names \(settled.count) currenc\(settled.count == 1 ? "y" : "ies") whose records it does not hold, taken by name as ISO 4217 codes: \(list.joined(separator: ", "))"
                ))
        }
        for currency in currencies where currency.code == nil {
            let named = currency.name.isEmpty ? "a currency with no name" : "currency '\(currency.name)'"
            let fix =
                currency.name.isEmpty ? "the export gives no name to settle it by" : "settle it with --currency '\(currency.name)=CODE'"
            texts.append(
                (
                    flow(of: currency.fields.first.map { String($0.prefix { $0 != "." }) } ?? ""),
                    "\(named) (transactioncurrency \(currency.id), named by \(currency.records) record\(currency.records == 1 ? "" : "s") in \(currency.fields.joined(separator: ", "))) is no ISO 4217 code or currency name, and the Sales export does not hold its record: those records are rejected (orphan-reference); \(fix)"
                ))
        }
        return texts
    }

    /// The flow a notice about Sales `entity` goes under: the first of `order` from Sales to F&O that reads it, else the
    /// first that reads or writes it, else the first.
    static func firstFlow(of entity: String, in order: [MappingTemplate]) -> String {
        order.first { $0.direction == .salesToFO && $0.source.entity == entity }?.name
            ?? order.first { $0.source.entity == entity || $0.target.entity == entity }?.name ?? order.first?.name ?? ""
    }

    /// After the flows: per flow and field map with a `defaultSetting:`, the records whose source named no value:
    /// those rejected for it when the run does not give the setting (naming the option), or those written with its
    /// value when it does.
    static func defaultSettings(_ outputs: [FlowOutput]) -> [(flow: String, text: String)] {
        var texts: [(flow: String, text: String)] = []
        for output in outputs where output.template.direction == .salesToFO {
            for field in output.template.fields {
                guard let (setting, value) = field.defaultSetting, let source = field.source else { continue }
                let entity = output.template.source.entity
                if let value {
                    guard let column = output.source.columnIndex(named: source) else { continue }
                    let blank = output.acceptedSourceRows.filter { row in
                        output.source.value(row: row, column: column).map { $0.trimmingASCIIWhitespace().isEmpty } ?? true
                    }.count
                    guard blank > 0 else { continue }
                    texts.append(
                        (
                            output.template.name,
                            "\(blank) Sales \(entity) record\(blank == 1 ? "" : "s") the flow writes name\(blank == 1 ? "s" : "") no \(source): those it creates in F&O take \(field.target) \(value) (\(setting.option)); records F&O already holds keep theirs"
                        ))
                } else {
                    let rejected = output.rejects.filter { reject in
                        reject.problems.contains { $0.reason == .missingRequired && $0.field == field.target }
                    }.count
                    guard rejected > 0 else { continue }
                    texts.append(
                        (
                            output.template.name,
                            "\(rejected) Sales \(entity) record\(rejected == 1 ? "" : "s") name\(rejected == 1 ? "s" : "") no \(source) and F&O requires \(field.target): rejected (missing-required); give the Sales organisation's base currency, which the export does not state, with \(setting.option) CODE"
                        ))
                }
            }
        }
        return texts
    }

    /// After the flows: per flow, the country texts its `country` steps could not read, each with its records,
    /// so that the summary names them (the records are rejected `unmapped-value`, each in its reject file).
    static func unmappedCountries(_ outputs: [FlowOutput]) -> [(flow: String, text: String)] {
        var texts: [(flow: String, text: String)] = []
        for output in outputs {
            let fields = Set(output.template.fields.filter { $0.countryForm != nil }.map(\.target))
            guard !fields.isEmpty else { continue }
            var counts: [String: Int] = [:]
            for reject in output.rejects {
                for problem in reject.problems where problem.reason == .unmappedValue && fields.contains(problem.field) {
                    counts[problem.value?.trimmingASCIIWhitespace() ?? "", default: 0] += 1
                }
            }
            guard !counts.isEmpty else { continue }
            let listed = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(20).map {
                "'\($0.key)' (\($0.value) record\($0.value == 1 ? "" : "s"))"
            }
            let more = counts.count > 20 ? " and \(counts.count - 20) more (the reject file lists them)" : ""
            texts.append(
                (
                    output.template.name,
                    "country texts that are no ISO 3166-1 country or region, never written into a code field: \(listed.joined(separator: ", "))\(more); their records are rejected (unmapped-value): settle each with --country 'NAME=CODE', or correct it in Sales"
                ))
        }
        return texts
    }
}
