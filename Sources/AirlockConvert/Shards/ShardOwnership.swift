import AirlockModel
import AirlockPackages

/// Which shard owns each tree record, and the exports cut down to what one shard holds.
///
/// Records that share a link value (`ShardTrees`) are joined (union-find over 64-bit hashes of the values), so an
/// account, its contacts, quotes, orders, invoices, their lines and the F&O records keyed alike form one tree. A
/// tree belongs to shard `mix(h) mod N`, `h` the smallest hash among its link values: it does not depend on the
/// order of the exports or on which shard asks, so every shard computes the same owners from the same exports.
struct ShardOwnership {
    /// What a shard kept, for the report.
    struct Summary: Sendable {
        /// Tree records in the exports, and those this shard owns.
        var treeRecords = 0
        var ownedRecords = 0
        /// Records of the largest tree (a very large one keeps a shard from sharing the load).
        var largestTree = 0
    }

    private var slot: [UInt64: Int32] = [:]
    private var parent: [Int32] = []
    private var size: [Int32] = []

    /// Cuts `inputs` down to the tree records shard `selection` owns (reference tables whole) and returns where
    /// each kept row stood in the exports.
    static func apply(
        to inputs: inout ConversionInputs, trees: ShardTrees, selection: ShardSelection, catalog: SchemaCatalog
    ) throws -> (rows: ShardRowMap, summary: Summary) {
        var ownership = ShardOwnership()
        // Each tree table's rows, by the node that stands for them (nil: a row with no link value, a tree of its own).
        var salesAnchors: [Int: [Int32?]] = [:]
        var foAnchors: [Int: [Int32?]] = [:]
        for (index, section) in inputs.sales.data.entities.enumerated() {
            guard let keys = trees.salesEntities[section.name] else { continue }
            let records = section.records.values
            let schema = catalog.salesEntity(named: section.name)
            var columns = [CMTRecordTable.idColumn] + keys
            for name in records.columnNames where !columns.contains(name) {
                let targets = schema?.attribute(named: name)?.lookupTargets ?? []
                if targets.contains(where: { trees.salesEntities[$0] != nil }) { columns.append(name) }
            }
            salesAnchors[index] = ownership.link(records, columns: columns)
        }
        for (index, entry) in inputs.foTables.enumerated() {
            guard let links = trees.foLinks(label: entry.0, catalog: catalog) else { continue }
            foAnchors[index] = ownership.link(entry.1, columns: links)
        }
        let owners = ownership.owners(count: selection.count)
        var summary = Summary()
        var treeSizes: [Int32: Int] = [:]
        func kept(_ anchors: [Int32?], table: String) -> [Int] {
            var rows: [Int] = []
            for (row, anchor) in anchors.enumerated() {
                summary.treeRecords += 1
                let owner: Int
                if let anchor {
                    let root = ownership.find(anchor)
                    treeSizes[root, default: 0] += 1
                    owner = owners[Int(root)]
                } else {
                    owner = Self.shard(of: Self.hash(Array("\u{1}\(table)\u{1}\(row)".utf8)[...]), count: selection.count)
                }
                if owner == selection.index { rows.append(row) }
            }
            summary.ownedRecords += rows.count
            return rows
        }
        var map: [String: [Int]] = [:]
        for (index, anchors) in salesAnchors.sorted(by: { $0.key < $1.key }) {
            let name = inputs.sales.data.entities[index].name
            let rows = kept(anchors, table: "sales:" + name)
            inputs.sales.data.entities[index] = try Self.selecting(rows, of: inputs.sales.data.entities[index])
            map[ShardRowMap.key(side: .sales, entity: name, catalog: catalog)] = rows
        }
        for (index, anchors) in foAnchors.sorted(by: { $0.key < $1.key }) {
            let (label, table) = inputs.foTables[index]
            let rows = kept(anchors, table: "fo:" + label)
            inputs.foTables[index] = (label, try table.selecting(rows: rows))
            map[ShardRowMap.key(side: .fo, entity: label, catalog: catalog)] = rows
        }
        summary.largestTree = treeSizes.values.max() ?? (summary.treeRecords > 0 ? 1 : 0)
        return (ShardRowMap(rows: map), summary)
    }

    /// Joins the link values of each row of `table` (those of `columns` it has) and returns each row's first node.
    private mutating func link(_ table: Table, columns: [String]) -> [Int32?] {
        let positions = columns.compactMap { table.columnIndex(named: $0) }
        var anchors: [Int32?] = []
        anchors.reserveCapacity(table.rowCount)
        for row in 0..<table.rowCount {
            var anchor: Int32?
            for position in positions {
                guard let hash = table.withValue(row: row, column: position, { $0.flatMap(Self.linkHash) }) else { continue }
                let node = node(for: hash)
                if let first = anchor { union(first, node) } else { anchor = node }
            }
            anchors.append(anchor)
        }
        return anchors
    }

    private mutating func node(for hash: UInt64) -> Int32 {
        if let existing = slot[hash] { return existing }
        let node = Int32(parent.count)
        slot[hash] = node
        parent.append(node)
        size.append(1)
        return node
    }

    private mutating func find(_ node: Int32) -> Int32 {
        var root = node
        while parent[Int(root)] != root { root = parent[Int(root)] }
        var current = node
        while parent[Int(current)] != root {
            let next = parent[Int(current)]
            parent[Int(current)] = root
            current = next
        }
        return root
    }

    private mutating func union(_ first: Int32, _ second: Int32) {
        var a = find(first)
        var b = find(second)
        guard a != b else { return }
        if size[Int(a)] < size[Int(b)] { swap(&a, &b) }
        parent[Int(b)] = a
        size[Int(a)] += size[Int(b)]
    }

    /// Per node, the shard of its tree (meaningful at roots): from the smallest hash among the tree's values.
    private mutating func owners(count: Int) -> [Int] {
        var smallest = [UInt64](repeating: .max, count: parent.count)
        for (hash, node) in slot {
            let root = Int(find(node))
            if hash < smallest[root] { smallest[root] = hash }
        }
        return smallest.map { Self.shard(of: $0, count: count) }
    }

    /// The shard of a tree whose smallest value hash is `hash` (splitmix64's finaliser, so that the low bits spread).
    static func shard(of hash: UInt64, count: Int) -> Int {
        var z = hash &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z = z ^ (z >> 31)
        return Int(z % UInt64(count))
    }

    /// FNV-1a of a link value trimmed of ASCII whitespace and GUID braces, ASCII letters folded to lower case; nil
    /// for an empty value.
    private static func linkHash(_ value: UnsafeRawBufferPointer) -> UInt64? {
        var start = 0
        var end = value.count
        func skipped(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x7B || byte == 0x7D }
        while start < end, skipped(value[start]) { start += 1 }
        while end > start, skipped(value[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        return hash(value[start..<end])
    }

    private static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            hash = hash &* 0x100_0000_01B3
        }
        return hash
    }

    /// `section` with only records `rows` (their field attributes and value problems with them).
    private static func selecting(_ rows: [Int], of section: CMTEntityData) throws -> CMTEntityData {
        var result = section
        result.records.values = try section.records.values.selecting(rows: rows)
        result.records.fieldAttributes = try section.records.fieldAttributes.map { try $0.selecting(rows: rows) }
        var newRow: [Int: Int] = [:]
        for (position, row) in rows.enumerated() { newRow[row] = position }
        result.valueProblems = section.valueProblems.compactMap { problem in
            guard let row = newRow[problem.row] else { return nil }
            var moved = problem
            moved.row = row
            return moved
        }
        // Activity parties hang off a record by its row: those of the kept records, renumbered.
        let party = section.partyMembers.values
        if party.rowCount > 0, let owner = party.columnIndex(named: CMTEntityData.partyRecordColumn) {
            var keptMembers: [Int] = []
            var renumbered: [String?] = []
            for member in 0..<party.rowCount {
                guard let text = party.value(row: member, column: owner), let row = Int(text), let position = newRow[row] else { continue }
                keptMembers.append(member)
                renumbered.append(String(position))
            }
            var members = section.partyMembers
            members.values = try party.selecting(rows: keptMembers)
            members.fieldAttributes = try section.partyMembers.fieldAttributes.map { try $0.selecting(rows: keptMembers) }
            var values = Table(name: members.values.name, columns: [])
            for (index, column) in members.values.columns.enumerated() {
                if index == owner {
                    var replaced = TableColumn(name: column.name)
                    for value in renumbered { try replaced.append(value) }
                    values = Table(name: values.name, columns: values.columns + [replaced])
                } else {
                    values = Table(name: values.name, columns: values.columns + [column])
                }
            }
            members.values = values
            result.partyMembers = members
        }
        return result
    }
}
