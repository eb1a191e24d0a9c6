import AirlockIO
import AirlockModel
import AirlockPackages
import Testing

struct FOManifestReaderTests {
    @Test func readsThe2017SingleLineManifest() throws {
        let zip = try ZipArchiveReader(path: RealExport.path("dynamics-ax-integration/usmf_asset-major-types-01.zip"))
        let manifest = try FOManifestReader.readManifest(zip.open("Manifest.xml"), location: SourceLocation(entry: "Manifest.xml"))
        #expect(manifest.definitionGroupName == "Asset-Major-Types")
        #expect(manifest.entities.count == 1)
        let entity = try #require(manifest.entities.first)
        #expect(entity.entityName == "Fixed asset major type")
        #expect(entity.inputFilePath == "Fixed asset major type.xlsx")
        #expect(entity.sourceFormat == "EXCEL")
        #expect(entity.entityMap?.map(\.entityField) == ["DESCRIPTION", "MAJORTYPEID"])
        #expect(entity.entityTransforms == nil)
        #expect(entity.excelSheetName == "")
        #expect(entity.targetEntity == nil)
        #expect(manifest.projectCategory == nil)
    }

    @Test func readsTheModernManifestAndHeader() throws {
        let manifest = try FOManifestReader.readManifest(
            FileByteStream(path: RealExport.path("itaneo-d365fo-data-migration/Manifest.xml")),
            location: SourceLocation(entry: "Manifest.xml"))
        let entity = try #require(manifest.entities.first)
        #expect(entity.entityName == "Customer definitions")
        #expect(entity.targetEntity == "CustCustomerBaseEntity")
        #expect(entity.sourceFormat == "XML-Attribute")
        #expect(entity.entityMap?.count == 194)
        #expect(entity.queryFilterIsNil)
        #expect(entity.queryData?.hasPrefix("\n\t\t\t\t4a012f27") == true)
        #expect(manifest.projectCategory == 0)
        #expect(manifest.hasRulesData)
        let header = try FOManifestReader.readHeader(
            FileByteStream(path: RealExport.path("itaneo-d365fo-data-migration/PackageHeader.xml")), location: SourceLocation())
        #expect(header.description == "IFG_CUSTCUSTOMERBASEENTITY")
        #expect(header.packageVersion == 2)
        #expect(header.packageType == "DefinitionGroup")
    }

    @Test func wrongRootIsReported() throws {
        let error = try #require(throws: AirlockError.self) {
            try FOManifestReader.readManifest(MemoryByteStream(Array("<Document/>".utf8)), location: SourceLocation(entry: "Manifest.xml"))
        }
        #expect(error.message.contains("DataManagementPackageManifest"))
    }
}
