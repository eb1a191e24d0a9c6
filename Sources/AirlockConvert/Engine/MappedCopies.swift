import AirlockMapping
import AirlockModel

/// The mapped columns that, so far, hold byte for byte the source field their field map reads (the rule of
/// `SourceCopies`, applied as the records are mapped rather than after): such a column holds a null a row while the
/// flow maps, not the bytes a second time, and shows the source column's rows once every record is mapped.
///
/// A column is written out from the source at the first mapped row whose value differs from its source record's (a
/// default, a trim, a value map, a rule's or the keeper's change) and holds its own values from there. What reads
/// the mapped table after `sealed` finds the same bytes either way. A source column in dictionary form is not
/// followed: its copy costs a byte a row, less than a row's 4 bytes.
struct MappedCopies {
    private struct Copy {
        /// The column's position in the flow's layout (and the mapped table).
        let position: Int
        /// The source column it copies.
        let source: Int
    }

    private var copies: [Copy]
    private let source: Table
    /// The layout positions of the columns still copying: left null as each row is appended.
    private(set) var positions: [Int]

    /// The columns of a flow's layout (`columns`, in order) whose field map in `template` reads one field of `source`
    /// without a lookup.
    init(columns: [String], template: MappingTemplate, source: Table) {
        self.source = source
        guard source.rowCount <= Int(UInt32.max) else {
            copies = []
            positions = []
            return
        }
        copies = columns.enumerated().compactMap { position, name in
            guard let column = SourceCopies.copiedColumn(name, template: template, source: source),
                !source.columns[column].isDictionaryEncoded
            else { return nil }
            return Copy(position: position, source: column)
        }
        positions = copies.map(\.position)
    }

    /// Before `values`, mapped from source row `row`, are appended to `mapped` (whose rows came from `sourceRows`):
    /// writes out each column whose value is not its source record's.
    mutating func check(row: Int, values: RowValues, mapped: inout Table, sourceRows: [Int]) throws {
        var index = 0
        while index < copies.count {
            let copy = copies[index]
            let same = values.withValue(copy.position) { mine in
                source.withValue(row: row, column: copy.source) { theirs in
                    guard let mine, let theirs else { return mine == nil && theirs == nil }
                    return mine.elementsEqual(theirs)
                }
            }
            if same {
                index += 1
                continue
            }
            var written = TableColumn(name: mapped.columns[copy.position].name)
            written.reserve(rows: sourceRows.count + 1)
            for sourceRow in sourceRows { try source.withValue(row: sourceRow, column: copy.source) { try written.append($0) } }
            mapped.replaceColumn(copy.position, with: written)
            copies.remove(at: index)
            positions.remove(at: index)
        }
    }

    /// `mapped` (whose rows came from `sourceRows`) with each column still copying shown as its source column's
    /// rows, all of them sharing one list of rows.
    func sealed(_ mapped: Table, sourceRows: [Int]) -> Table {
        guard !copies.isEmpty else { return mapped }
        let rows = sourceRows.map { UInt32(truncatingIfNeeded: $0) }
        var sealed = mapped
        for copy in copies {
            sealed.replaceColumn(
                copy.position, with: TableColumn(rows: rows, of: source.columns[copy.source], name: mapped.columns[copy.position].name))
        }
        return sealed
    }
}
