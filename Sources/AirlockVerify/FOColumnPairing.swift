import AirlockPackages

/// Which sent column each column of an F&O export's entity file is compared with: the one of the same entity field
/// (the export column named through the export manifest's field map), case-insensitively; only the first export
/// column of a field, and only fields compared (not the key, not the company).
struct FOColumnPairing {
    /// Per sent field name, upper case: its column (the last of that name).
    private let sentColumnByName: [String: Int]
    private let compared: Set<Int>
    /// The export's columns compared so far, in file order, with their sent columns.
    private(set) var pairs: [(file: Int, sent: Int)] = []

    init(sentColumns: [String], compared: [Int]) {
        var byName: [String: Int] = [:]
        for (index, name) in sentColumns.enumerated() { byName[name.uppercased()] = index }
        sentColumnByName = byName
        self.compared = Set(compared)
    }

    /// Pairs export column `file`, which feeds entity field `field` (upper case); false when it is not compared.
    @discardableResult
    mutating func add(field: String, at file: Int) -> Bool {
        guard let column = sentColumnByName[field], compared.contains(column), !pairs.contains(where: { $0.sent == column }) else {
            return false
        }
        pairs.append((file, column))
        return true
    }

    /// The sent columns the export's columns `exportColumns` (file names, before `map`) are compared with, in the
    /// export's order, as `add` pairs them.
    static func plan(exportColumns: [String], map: FOColumnMap, sentColumns: [String], compared: [Int]) -> [Int] {
        var pairing = FOColumnPairing(sentColumns: sentColumns, compared: compared)
        for (index, name) in exportColumns.enumerated() { pairing.add(field: field(name, map: map), at: index) }
        return pairing.pairs.map(\.sent)
    }

    /// The entity field (upper case) an export column feeds.
    static func field(_ column: String, map: FOColumnMap) -> String {
        (map.entityField(for: column) ?? column).uppercased()
    }
}
