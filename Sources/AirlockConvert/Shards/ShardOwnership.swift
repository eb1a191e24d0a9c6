import AirlockModel
import AirlockPackages

/// Which shard owns each tree record: the records' link values, gathered table by table as the exports stream past,
/// joined into trees (union-find), each tree given its shard.
///
/// Records that share a link value (`ShardTrees`) are joined, so an account, its contacts, quotes, orders, invoices,
/// their lines and the F&O records keyed alike form one tree. A tree belongs to shard `mix(h) mod N`, `h` the
/// smallest hash among its link values: it depends neither on the order of the exports nor on which shard asks, so
/// every shard computes the same owners from the same exports. Memory: 8 bytes per link value while gathering,
/// 12 per distinct value while joining, and in the end one list of the owned rows per table.
struct ShardOwnership {
    /// What a shard kept, for the report.
    struct Summary: Sendable {
        /// Tree records in the exports, and those this shard owns.
        var treeRecords = 0
        var ownedRecords = 0
        /// Records of the largest tree (a very large one keeps a shard from sharing the load).
        var largestTree = 0
    }

    /// Every link value's hash, row after row, and where each table's rows end in it.
    private var hashes: [UInt64] = []
    /// Per row (all tables, in order): the end of its hashes in `hashes` (4 bytes a row: at most `maxValues`).
    private var rowEnds: [UInt32] = []
    /// The most link values an ownership holds (32 GB of them).
    static let maxValues = Int(UInt32.max)
    /// Per table: its name (for a row without a link value) and its rows' range in `rowEnds`.
    private var tables: [(name: String, rows: Range<Int>)] = []

    /// Starts a table; its rows follow with `addRow`. Returns its number.
    mutating func beginTable(_ name: String) -> Int {
        tables.append((name, rowEnds.count..<rowEnds.count))
        return tables.count - 1
    }

    /// Adds the next row of the current table, with the link values `values` calls its body with.
    /// - Throws: `AirlockError(.limitExceeded)` past `maxValues` link values.
    mutating func addRow(_ values: ((UnsafeRawBufferPointer?) -> Void) -> Void) throws {
        values { value in
            if let value, let hash = Self.linkHash(value) { hashes.append(hash) }
        }
        guard hashes.count <= Self.maxValues else { throw Self.tooManyValues() }
        rowEnds.append(UInt32(hashes.count))
        tables[tables.count - 1].rows = tables[tables.count - 1].rows.lowerBound..<rowEnds.count
    }

    /// Table `number`'s link values, as a split partition's read writes them for the join (`appendTable`): its row
    /// count and value count (32 bits each), each row's end among its values (32 bits), then the values' hashes (64
    /// bits), little-endian.
    func encodedTable(_ number: Int) -> [UInt8] {
        let rows = tables[number].rows
        let first = rows.lowerBound == 0 ? 0 : Int(rowEnds[rows.lowerBound - 1])
        let last = rows.isEmpty ? first : Int(rowEnds[rows.upperBound - 1])
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + rows.count * 4 + (last - first) * 8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        append(UInt32(rows.count))
        append(UInt32(last - first))
        for row in rows { append(UInt32(Int(rowEnds[row]) - first)) }
        for hash in hashes[first..<last] { append(hash) }
        return bytes
    }

    /// Adds a table `encodedTable` wrote, as if its rows had been added here; returns its number.
    /// - Throws: `AirlockError(.io)` naming `path` when the bytes are not such a table.
    mutating func appendTable(_ name: String, encoded bytes: [UInt8], from path: String) throws -> Int {
        func damaged() -> AirlockError {
            AirlockError(.io, "not a table of link values a partition's read wrote", at: SourceLocation(file: path))
        }
        func integer<T: FixedWidthInteger>(at offset: Int, as _: T.Type) -> T {
            var value = T.zero
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[offset..<(offset + MemoryLayout<T>.size)]) }
            return T(littleEndian: value)
        }
        guard bytes.count >= 8 else { throw damaged() }
        let rows = Int(integer(at: 0, as: UInt32.self))
        let values = Int(integer(at: 4, as: UInt32.self))
        guard bytes.count == 8 + rows * 4 + values * 8 else { throw damaged() }
        let number = beginTable(name)
        let base = hashes.count
        guard base + values <= Self.maxValues else { throw Self.tooManyValues() }
        var previous = 0
        for row in 0..<rows {
            let end = Int(integer(at: 8 + row * 4, as: UInt32.self))
            guard end >= previous, end <= values else { throw damaged() }
            previous = end
            rowEnds.append(UInt32(truncatingIfNeeded: base + end))
        }
        guard previous == values else { throw damaged() }
        let start = 8 + rows * 4
        hashes.reserveCapacity(base + values)
        for value in 0..<values { hashes.append(integer(at: start + value * 8, as: UInt64.self)) }
        tables[number].rows = tables[number].rows.lowerBound..<rowEnds.count
        return number
    }

    /// Per table, the rows shard `selection` owns, in order; and the summary. The ownership can be asked again.
    func ownedRows(_ selection: ShardSelection) -> (rows: [[Int]], summary: Summary) {
        var asked = self
        let assignment = asked.assign(count: selection.count)
        let rows = assignment.owners.map { owners in owners.indices.filter { Int(owners[$0]) == selection.index } }
        return (rows, assignment.summary(of: selection.index))
    }

    /// Every tree record's shard among `count`, table by table (what `airlock partition` splits the exports by): the
    /// values made nodes (`distinctValues`, `nodeIndexes`), each record's values joined into one tree under its smallest
    /// node, and each tree given the shard of its smallest value. The link values are let go once each is a node, so
    /// that they are not held beside the trees: no more tables can be added after.
    mutating func assign(count: Int) -> ShardAssignment {
        let nodes = distinctValues()
        let valueNodes = nodeIndexes(in: nodes)
        hashes = []
        func node(at index: Int) -> Int32 { valueNodes[index] }
        var parent = (0..<Int32(nodes.count)).map { $0 }
        func find(_ start: Int32) -> Int32 {
            var root = start
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var current = start
            while parent[Int(current)] != root {
                let next = parent[Int(current)]
                parent[Int(current)] = root
                current = next
            }
            return root
        }
        // Joined under the smaller node, so a tree's root is its smallest value.
        var start = 0
        for end in rowEnds.lazy.map(Int.init) {
            if end > start {
                var root = find(node(at: start))
                for index in (start + 1)..<end {
                    let other = find(node(at: index))
                    if other < root {
                        parent[Int(root)] = other
                        root = other
                    } else if other > root {
                        parent[Int(other)] = root
                    }
                }
            }
            start = end
        }
        var treeSizes: [Int32: Int] = [:]
        var result = ShardAssignment(count: count)
        for table in tables {
            var owners: [UInt16] = []
            owners.reserveCapacity(table.rows.count)
            for (position, row) in table.rows.enumerated() {
                let first = row == 0 ? 0 : Int(rowEnds[row - 1])
                let owner: Int
                if Int(rowEnds[row]) > first {
                    let root = find(node(at: first))
                    treeSizes[root, default: 0] += 1
                    owner = Self.shard(of: nodes[Int(root)], count: count)
                } else {
                    owner = Self.shard(of: Self.hash(Array("\u{1}\(table.name)\u{1}\(position)".utf8)[...]), count: count)
                }
                owners.append(UInt16(owner))
                result.ownedRecords[owner] += 1
            }
            result.treeRecords += table.rows.count
            result.owners.append(owners)
        }
        result.largestTree = treeSizes.values.max() ?? (result.treeRecords > 0 ? 1 : 0)
        return result
    }

    private static func tooManyValues() -> AirlockError {
        AirlockError(.limitExceeded, "the exports hold more than \(maxValues) link values: more than a partition can join")
    }

    /// The distinct values, ascending: a value's node is its place, so a tree's smallest hash is its smallest node.
    private func distinctValues() -> [UInt64] {
        var nodes = hashes
        nodes.sort()
        var unique = 0
        for index in nodes.indices where index == 0 || nodes[index] != nodes[unique - 1] {
            nodes[unique] = nodes[index]
            unique += 1
        }
        // Copied to their own size: the sorted copy held every value, repeats and all.
        return Array(nodes[..<unique])
    }

    /// Each value's node (its place in `nodes`), found once through an open-addressing table (a binary search per
    /// value cost a cache miss a step).
    private func nodeIndexes(in nodes: [UInt64]) -> [Int32] {
        var capacity = 16
        while capacity < nodes.count * 2 { capacity *= 2 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        for (index, hash) in nodes.enumerated() {
            var slot = Int(truncatingIfNeeded: Self.spread(hash)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
        return hashes.map { hash -> Int32 in
            var slot = Int(truncatingIfNeeded: Self.spread(hash)) & mask
            while nodes[Int(slots[slot])] != hash { slot = (slot + 1) & mask }
            return slots[slot]
        }
    }

    /// The shard of a tree whose smallest value hash is `hash` (splitmix64's finaliser, so that the low bits spread).
    static func shard(of hash: UInt64, count: Int) -> Int {
        Int(spread(hash) % UInt64(count))
    }

    /// splitmix64's finaliser of `hash`.
    private static func spread(_ hash: UInt64) -> UInt64 {
        var z = hash &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a of a link value trimmed of ASCII whitespace and GUID braces, ASCII letters folded to lower case; nil
    /// for an empty value.
    static func linkHash(_ value: UnsafeRawBufferPointer) -> UInt64? {
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

    /// `section` with only records `rows` (their field attributes, value problems and party members with them).
    static func selecting(_ rows: [Int], of section: CMTEntityData) throws -> CMTEntityData {
        var result = section
        result.records.values = try section.records.values.selecting(rows: rows)
        result.records.fieldAttributes = try section.records.fieldAttributes.map { try $0.selecting(rows: rows) }
        var newRow: [Int: Int] = [:]
        for (position, row) in rows.enumerated() { newRow[row] = position }
        // Activity parties hang off a record by its row: those of the kept records, renumbered.
        let party = section.partyMembers.values
        var newMember: [Int: Int] = [:]
        if party.rowCount > 0, let owner = party.columnIndex(named: CMTEntityData.partyRecordColumn) {
            var keptMembers: [Int] = []
            var renumbered = TableColumn(name: party.columns[owner].name)
            for member in 0..<party.rowCount {
                guard let text = party.value(row: member, column: owner), let row = Int(text), let position = newRow[row] else { continue }
                newMember[member] = keptMembers.count
                keptMembers.append(member)
                try renumbered.append(String(position))
            }
            let kept = try party.selecting(rows: keptMembers)
            var columns = kept.columns
            columns[owner] = renumbered
            result.partyMembers.values = Table(name: kept.name, columns: columns)
            result.partyMembers.fieldAttributes = try section.partyMembers.fieldAttributes.map { try $0.selecting(rows: keptMembers) }
        }
        // A value problem of a kept record, at its row (and a party member's at the member's row) in the selection.
        result.valueProblems = section.valueProblems.compactMap { problem in
            guard let row = newRow[problem.row] else { return nil }
            var moved = problem
            moved.row = row
            moved.partyMember = problem.partyMember.flatMap { newMember[$0] }
            return moved
        }
        return result
    }
}
