import AirlockModel

/// Puts the rows of an F&O entity file in the order its staging table loads them (`FOEntitySchema.loadOrder`): a
/// row before the rows that name it (a customer before the customers that name it as their invoice account), the
/// rest as they were. `validate` reports a file out of this order (`fo.file.load-order`); `to-fo.zip` is written
/// in it, so that it loads the same way in one pass.
enum FOLoadOrderSort {
    /// `table` with its rows reordered, or `table` itself when no row names a row after it (or the entity has no
    /// such self-reference, or the table lacks its columns). Rows in a cycle keep their order among themselves.
    static func sorted(_ table: Table, entity: FOEntitySchema?) throws -> Table {
        guard let orders = entity?.loadOrder, !orders.isEmpty, table.rowCount > 1 else { return table }
        func columns(_ fields: [String]) -> [Int]? {
            let found = fields.map { table.columnIndex(named: $0) }
            return found.contains(nil) ? nil : found.compactMap { $0 }
        }
        func text(_ row: Int, _ columns: [Int]) -> String {
            columns.map { table.value(row: row, column: $0) ?? "" }.joined(separator: "\u{1F}")
        }
        // Per row, the rows it names (each order's key index built once).
        var parents = Array(repeating: [Int](), count: table.rowCount)
        var any = false
        for order in orders {
            guard let keys = columns(order.key), let references = columns(order.references) else { continue }
            var rowOfKey: [String: Int] = [:]
            for row in 0..<table.rowCount where rowOfKey[text(row, keys)] == nil { rowOfKey[text(row, keys)] = row }
            for row in 0..<table.rowCount {
                let named = text(row, references)
                guard !named.replacingOccurrences(of: "\u{1F}", with: "").trimmingASCIIWhitespace().isEmpty,
                    let parent = rowOfKey[named], parent != row
                else { continue }
                parents[row].append(parent)
                if parent > row { any = true }
            }
        }
        guard any else { return table }
        // Depth first, parents before children, without recursion; a row met again while open is a cycle: left.
        var state = [UInt8](repeating: 0, count: table.rowCount)  // 0 new, 1 open, 2 placed
        var order: [Int] = []
        order.reserveCapacity(table.rowCount)
        for start in 0..<table.rowCount where state[start] == 0 {
            var stack: [(row: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                if top.next < parents[top.row].count {
                    stack[stack.count - 1].next += 1
                    let parent = parents[top.row][top.next]
                    if state[parent] == 0 {
                        state[parent] = 1
                        stack.append((parent, 0))
                    }
                } else {
                    state[top.row] = 2
                    order.append(top.row)
                    stack.removeLast()
                }
            }
        }
        var result = Table(name: table.name, columnNames: table.columnNames)
        for row in order {
            try result.appendRow { column, append in try table.withValue(row: row, column: column) { try append($0) } }
        }
        return result
    }
}
