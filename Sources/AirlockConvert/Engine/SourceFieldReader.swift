import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// How to read one source field of a flow: its column, and for a Sales lookup the referenced record's
/// business key (`customerid` read as `account.accountnumber` or `contact.msdynce_contactnumber`).
///
/// A class: the field plans, filters and rules of a flow share one reader per field (and its memo), and
/// reading it per row must not copy its tables and indexes.
final class SourceFieldReader {
    /// One entity a lookup may point to, prepared: its records' id index and the column of its business key.
    struct Target {
        var lookup: LookupTarget
        var ids: KeyIndex?
        var table: Table?
        var keyColumn: Int?
    }

    /// The field as the template names it (`customerid`, `quoteid.quotenumber`), for messages.
    let name: String
    /// The lookup or plain field's column in the source table; nil when the export lacks the field.
    let column: Int?
    /// The column of the field in the section's `lookupentity` table.
    let lookupEntityColumn: Int?
    /// Entities the lookup may point to; empty for a plain field.
    let targets: [Target]
    /// The lookup column read as a one-part key, to probe the targets' id indexes without copying the GUID.
    let probe: BoundKey?

    /// What this reader has found so far in its flow (the Sales export does not change while the flow runs).
    private let memo = LookupMemo()

    init(name: String, column: Int?, lookupEntityColumn: Int?, targets: [Target], probe: BoundKey?) {
        self.name = name
        self.column = column
        self.lookupEntityColumn = lookupEntityColumn
        self.targets = targets
        self.probe = probe
    }

    /// Reads row `row` through `view`.
    func read(row: Int, in view: SourceView) -> SourceValue {
        guard let column else { return .value(nil) }
        guard !targets.isEmpty, let probe else { return .value(view.table.value(row: row, column: column)) }
        guard view.table.withValue(row: row, column: column, { $0.map { !ValueComparison.isBlank($0) } ?? false }) else {
            return .value(nil)
        }
        let pointed = lookupEntityColumn.flatMap { view.lookupEntities?.value(row: row, column: $0) }
        // A lookup column with few distinct GUIDs (currency, unit, price list) is resolved once per GUID.
        let code = view.table.dictionaryCode(row: row, column: column)
        if let code, let known = memo.byCode[code], known.pointed == pointed { return known.value }
        let value = resolve(row: row, pointed: pointed, probe: probe, view: view)
        if let code { memo.byCode[code] = (pointed, value) }
        return value
    }

    private func resolve(row: Int, pointed: String?, probe: BoundKey, view: SourceView) -> SourceValue {
        var tried = false
        for (index, target) in targets.enumerated() where pointed == nil || pointed == target.lookup.entity {
            tried = true
            guard let ids = target.ids, let found = ids.row(matching: probe, row: row) else { continue }
            if let key = memo.key(target: index, row: found) { return .value(key) }
            guard let table = target.table, let keyColumn = target.keyColumn,
                let key = table.value(row: found, column: keyColumn)?.trimmingASCIIWhitespace(), !key.isEmpty
            else {
                return .orphan("\(name) points to \(target.lookup.entity) \(idText(row, view)), which has no \(target.lookup.keyAttribute)")
            }
            memo.setKey(key, target: index, row: found, rows: table.rowCount)
            return .value(key)
        }
        guard tried else {
            return .orphan(
                "\(name) points to a \(pointed ?? "record") (\(idText(row, view))), not to \(targets.map(\.lookup.entity).joined(separator: " or "))"
            )
        }
        let what = targets.filter { pointed == nil || pointed == $0.lookup.entity }.map(\.lookup.entity).joined(separator: " or ")
        return .orphan("\(name) points to \(what) \(idText(row, view)), which the Sales export does not hold")
    }

    private func idText(_ row: Int, _ view: SourceView) -> String {
        column.flatMap { view.table.value(row: row, column: $0)?.trimmingASCIIWhitespace() } ?? ""
    }

    /// The entity the lookup in row `row` points to (`lookupentity`), for the `references` filter operator.
    func pointedEntity(row: Int, in view: SourceView) -> String? {
        guard let column = lookupEntityColumn else {
            return targets.count == 1 && self.column.map({ view.table.isPresent(row: row, column: $0) }) == true
                ? targets[0].lookup.entity : nil
        }
        return view.lookupEntities?.value(row: row, column: column)
    }
}
