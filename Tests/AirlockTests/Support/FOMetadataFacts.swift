import Foundation
import Testing

/// The facts copied from the D365 application metadata (`Fixtures/sources`, docs/sources.md) that the F&O catalog is
/// held to: each entity field's row, and the rows of the other tab-separated source files.
enum FOMetadataFacts {
    /// One row of `Fixtures/sources/fo-entity-metadata.tsv`.
    struct Fact {
        var entity, field, kind, edt, enumName, maxLength, basis, lengthEDT, memo, mandatory, conflict: String
    }

    /// The rows of the tab-separated file `Fixtures/<relative>`, without its comment lines and header.
    static func rows(_ relative: String) throws -> [[String]] {
        let text = try String(contentsOfFile: Fixture.path(relative), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Every row of `Fixtures/sources/fo-entity-metadata.tsv`.
    static func facts() throws -> [Fact] {
        try rows("sources/fo-entity-metadata.tsv").map { row in
            #expect(row.count == 11, "\(row)")
            return Fact(
                entity: row[0], field: row[1], kind: row[2], edt: row[3], enumName: row[4], maxLength: row[5], basis: row[6],
                lengthEDT: row[7], memo: row[8], mandatory: row[9], conflict: row[10])
        }
    }
}
