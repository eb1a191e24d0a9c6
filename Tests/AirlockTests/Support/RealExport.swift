import Foundation

/// Real exports from public projects, read where the project keeps them: `../shared/testdata/real/` beside the
/// repository (CI has it there too). Third parties' files stay out of the project's history: no test copies them
/// into `Fixtures/`.
enum RealExport {
    /// The folder of the real exports.
    static let folder = ConvertFixture.root.deletingLastPathComponent().appendingPathComponent("shared/testdata/real")

    /// Absolute path of `<folder>/<relative>` (`edu-k12-sampledata-2022/K12-SampleData.zip`).
    static func path(_ relative: String) -> String {
        folder.appendingPathComponent(relative).path
    }

    /// The folder of each real Configuration Migration file, by its file name (`ConfigData.zip`).
    static let cmtFolders: [String: String] = [
        "AllEntities_SomePluginsDisabled_MixedIdentifiers_data.xml": "abvogel-allentities",
        "AllEntities_SomePluginsDisabled_MixedIdentifiers_data_schema.xml": "abvogel-allentities",
        "abvogel-allentities.cmt.zip": "abvogel-allentities",
        "PartyListTypedata.xml": "abvogel-partylist", "PartyListTypedata_schema.xml": "abvogel-partylist",
        "abvogel-partylist.cmt.zip": "abvogel-partylist",
        "ConfigData.zip": "xrm-ci-framework", "ConfigSchema.xml": "xrm-ci-framework",
        "IntegrationTestData.zip": "capgemini-pdt-integrationtest", "IntegrationTestDataSchema.xml": "capgemini-pdt-integrationtest",
    ]

    /// Absolute path of the real Configuration Migration file `file` (a name `cmtFolders` knows).
    static func cmt(_ file: String) -> String {
        path((cmtFolders[file] ?? "unknown") + "/" + file)
    }

    /// The bytes of `<folder>/<relative>`.
    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }
}
