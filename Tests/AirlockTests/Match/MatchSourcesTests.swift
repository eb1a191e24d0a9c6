import AirlockKit
import Foundation
import Testing

/// Which F&O entities `match` reads: every one that holds the records of a kind asked for, and a word for one it
/// does not read.
@Suite struct MatchSourcesTests {
    /// The F&O export at `path` written again into `output`, its `CDS Contacts` renamed `label` (and kept beside it
    /// under its own name when `keep`).
    static func renamingContacts(_ path: String, to label: String, keep: Bool, output: String) throws {
        let reader = try FOPackageReader(source: openPackageSource(path: path))
        var files: [FOEntityFile] = []
        var lines = reader.manifest.entities
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            guard line.entityName == "CDS Contacts" else {
                files.append(FOEntityFile(entity: line, table: data.table, encoding: .utf8BOM))
                continue
            }
            var renamed = line
            renamed.entityName = label
            renamed.inputFilePath = FOFileName.forEntity(label, ext: "csv")
            if keep {
                files.append(FOEntityFile(entity: line, table: data.table, encoding: .utf8BOM))
                lines.append(renamed)
            } else {
                lines = lines.map { $0.entityName == line.entityName ? renamed : $0 }
            }
            files.append(FOEntityFile(entity: renamed, table: data.table, encoding: .utf8BOM))
        }
        var manifest = reader.manifest
        manifest.entities = lines
        try FOPackageWriter.write(header: reader.header, manifest: manifest, files: files, to: output)
    }

    @Test func contactPersonsOfContactsV2AreLinkedAsThoseOfCDSContacts() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-sources")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 120, seed: 5)
        let catalog = try SchemaCatalogLoader.bundled()
        let options = { (fo: String, out: String) in
            MatchingOptions(foPath: fo, salesPath: written[1], outputDirectory: folder + "/" + out, entities: [.accounts, .contacts])
        }
        let cds = try Matcher.run(options(written[0], "cds"), catalog: catalog)
        try Self.renamingContacts(written[0], to: "Contacts V2", keep: false, output: folder + "/fo-v2.zip")
        let v2 = try Matcher.run(options(folder + "/fo-v2.zip", "v2"), catalog: catalog)
        let before = try #require(cds.entities.first { $0.entity == "contacts" })
        let after = try #require(v2.entities.first { $0.entity == "contacts" })
        #expect(before.linked > 0)
        #expect(after.linked == before.linked && after.foRecords == before.foRecords)
        #expect(!v2.skipped.contains { $0.contains("holds none of") }, "\(v2.skipped)")

        // Both in one export: the first is read, and the other is named.
        try Self.renamingContacts(written[0], to: "Contacts V2", keep: true, output: folder + "/fo-both.zip")
        let both = try Matcher.run(options(folder + "/fo-both.zip", "both"), catalog: catalog)
        #expect(both.entities.first { $0.entity == "contacts" }?.linked == before.linked)
        #expect(
            both.skipped.contains(
                "contacts: the F&O export's Contacts V2 is not read: CDS Contacts holds the same records and is read instead"),
            "\(both.skipped)")
    }
}
