import AirlockModel
import AirlockPackages

/// Follows the rows of one F&O file for the self-references that fix their order (`FOEntitySchema.loadOrder`): a
/// row whose reference field names the key of a row the file holds later breaks the order F&O's import sequencer
/// loads the entity in (`fo.file.load-order`). Keeps 16 bytes and a line per row, and the references not yet
/// resolved, up to `pendingLimit`.
struct FOLoadOrderTracker {
    /// How many unresolved references are kept; past it the order is checked in part, and a finding says so.
    static let pendingLimit = 1_000_000

    private struct Pending {
        var order: Int
        var hash: FOKeyHash
        var line: Int
        var record: String?
        var value: String
    }

    private let orders: [FOLoadOrder]
    private var keyColumns: [[Int]?] = []
    private var referenceColumns: [[Int]?] = []
    /// Per order: the line of the first row with each key.
    private var firstLines: [[FOKeyHash: Int]]
    private var pending: [Pending] = []
    private var dropped = 0

    init(_ orders: [FOLoadOrder]) {
        self.orders = orders
        firstLines = Array(repeating: [:], count: orders.count)
    }

    /// Finds the columns of each order's fields (`column` gives a field's column); an order whose fields are not
    /// all columns is not followed.
    mutating func plan(column: (String) -> Int?) {
        func columns(_ fields: [String]) -> [Int]? {
            let found = fields.map(column)
            return found.contains(nil) ? nil : found.compactMap { $0 }
        }
        keyColumns = orders.map { columns($0.key) }
        referenceColumns = orders.map { columns($0.references) }
    }

    /// Notes one row: its references first (a row may name itself), then its key.
    mutating func consume(_ row: some FORecordView, line: Int, record: () -> String?) {
        for index in orders.indices {
            guard let keys = keyColumns[index], let references = referenceColumns[index] else { continue }
            var own = FOKeyHash()
            for column in keys { row.withValue(column) { own.add($0) } }
            var named = FOKeyHash()
            var blank = true
            for column in references {
                row.withValue(column) { bytes in
                    named.add(bytes)
                    if let bytes, !ASCII.scan(bytes).isBlank { blank = false }
                }
            }
            if !blank, named != own, firstLines[index][named] == nil {
                if pending.count < Self.pendingLimit {
                    let value = references.map { column in row.withValue(column) { $0.map { String(decoding: $0, as: UTF8.self) } } ?? "" }
                    pending.append(Pending(order: index, hash: named, line: line, record: record(), value: value.joined(separator: " / ")))
                } else {
                    dropped += 1
                }
            }
            if firstLines[index][own] == nil { firstLines[index][own] = line }
        }
    }

    /// Reports every row that names a row the file holds later.
    func report(entity: String, file: String, into collector: FindingCollector) {
        for item in pending {
            guard let parentLine = firstLines[item.order][item.hash] else { continue }
            let order = orders[item.order]
            collector.add(
                ValidationRules.foFileLoadOrder, entity: entity, file: file, line: item.line, record: item.record,
                field: order.references.joined(separator: ", "), value: item.value,
                "the row names the row on line \(parentLine), which the file holds later; \(entity) loads \(order.key.joined(separator: ", ")) before the rows that name it in \(order.references.joined(separator: ", ")), so put that row first"
                    + (order.source.map { " [the staging table's import sequence: \($0)]" } ?? ""))
        }
        if dropped > 0 {
            collector.add(
                ValidationRules.foFileLoadOrder, entity: entity, file: file,
                "\(dropped) references to rows not yet read were not followed (over \(Self.pendingLimit)): the file's order was checked in part"
            )
        }
    }
}
