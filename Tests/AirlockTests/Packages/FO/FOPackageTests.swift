import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

struct FOPackageTests {
    @Test(arguments: [TextEncoding.utf8BOM, .utf16LE])
    func readWriteReadGivesIdenticalTablesAndWriteReadWriteIdenticalBytes(_ encoding: TextEncoding) throws {
        let folder = try Fixture.scratchDirectory()
        let first = folder + "/first.zip"
        let second = folder + "/second.zip"
        let original = try FOTestPackage.customers()
        try FOTestPackage.write([original], encoding: encoding, to: first)

        let reader = try FOPackageReader(source: openPackageSource(path: first))
        let entity = try #require(reader.manifest.entities.first)
        #expect(entity.inputFilePath == "Customers V3.csv")
        #expect(entity.targetEntity == "CustCustomerV3Entity")
        let data = try reader.readEntity(entity)
        #expect(data.table == original)
        #expect(data.summary.encoding == encoding)
        #expect(data.summary.format.name == (encoding.isUTF16 ? "CSV-Unicode" : "CSV"))

        try FOPackageWriter.write(
            header: reader.header, manifest: reader.manifest,
            files: [FOEntityFile(entity: entity, table: data.table, encoding: try #require(data.summary.encoding))], to: second)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
    }

    /// The package written plain and zipped again from its folder (deflating each entity file there, in sections, as
    /// the merge does when no deflate step ran) is the zip the writer writes, with a file over one 16 MiB section;
    /// the folder reads as the same package.
    @Test func aPackageWrittenPlainZipsIntoTheZipTheWriterWrites() throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let large = SectionedZipWriterTests.content(SectionedDeflater.defaultSectionSize + 300_000)
        let lines = ["Customers V3", "Customer groups", "Empty"].map {
            FOManifestLineBuilder.line(label: $0, technicalName: nil, columns: ["A"], sourceFormat: "CSV")
        }
        let contents: [[UInt8]] = [large, Array("A\r\nG1\r\n".utf8), []]
        let manifest = FOManifest(
            definitionGroupName: "Airlock", description: "plain", entities: lines, projectCategory: 0, hasRulesData: true)
        let write = { (path: String, form: PackageForm) in
            try FOPackageWriter.write(
                header: FOPackageHeader(description: "plain"), manifest: manifest, entities: lines, to: path, form: form
            ) { index, sink in try contents[index].withUnsafeBytes { try sink.write($0) } }
        }
        let names = try write(folder + "/package.zip", .zip)
        try FileManager.default.createDirectory(atPath: folder + "/plain", withIntermediateDirectories: false)
        #expect(try write(folder + "/plain", .plainMembers) == names)
        #expect(names == ["Customers V3.csv", "Customer groups.csv", "Empty.csv"])
        #expect(FOPackageWriter.plainMembersComplete(in: folder + "/plain"))
        try FOPackageWriter.write(plainFolder: folder + "/plain", entities: names.count, to: folder + "/zipped.zip") { archive, index in
            try archive.addEntry(name: names[index]) { sink in _ = try FileCopy.copy(folder + "/plain/" + names[index], to: sink) }
        }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/zipped.zip"))
                == Data(contentsOf: URL(fileURLWithPath: folder + "/package.zip")))
        #expect(try ZipArchiveReader(path: folder + "/package.zip").open("Customers V3.csv").readAll() == large)
        let plain = try FOPackageReader(source: openPackageSource(path: folder + "/plain"))
        let zipped = try FOPackageReader(source: openPackageSource(path: folder + "/package.zip"))
        #expect(plain.manifest == zipped.manifest && plain.header == zipped.header)
    }

    /// Two manifest lines naming one file are refused, in a zip and in a folder (where the second would overwrite the
    /// first), naming the file.
    @Test(arguments: [PackageForm.zip, .plainMembers])
    func twoLinesNamingOneFileAreRefused(form: PackageForm) throws {
        let folder = try Fixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let line = FOManifestLineBuilder.line(label: "Customers V3", technicalName: nil, columns: ["A"], sourceFormat: "CSV")
        let path = folder + (form == .zip ? "/package.zip" : "")
        let error = try #require(throws: AirlockError.self) {
            try FOPackageWriter.write(
                header: FOPackageHeader(description: "twice"),
                manifest: FOManifest(
                    definitionGroupName: nil, description: nil, entities: [line, line], projectCategory: 0, hasRulesData: true),
                entities: [line, line], to: path, form: form
            ) { _, sink in try Array("A\r\n".utf8).withUnsafeBytes { try sink.write($0) } }
        }
        #expect(error.code == .unsafeEntry && error.location.entry == "Customers V3.csv", "\(error)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/package.zip"))
    }

    @Test func csvFilesUseCRLFAndQuoteOnlyWhereNeeded() throws {
        let sink = MemoryByteSink()
        let line = FOManifestLineBuilder.line(
            label: "Customers V3", technicalName: nil, columns: ["CUSTOMERACCOUNT", "ORGANIZATIONNAME", "ADDRESSCITY", "SALESMEMO"],
            sourceFormat: "CSV")
        try FOPackageWriter.writeCSV(FOEntityFile(entity: line, table: FOTestPackage.customers(), encoding: .utf8BOM), to: sink)
        let text = String(decoding: sink.bytes.dropFirst(3), as: UTF8.self)
        #expect(sink.bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(
            text == "CUSTOMERACCOUNT,ORGANIZATIONNAME,ADDRESSCITY,SALESMEMO\r\n"
                + "C-0001,\"Müller & Söhne, GmbH\",Zürich,\"said \"\"hello\"\"\r\nsecond line\"\r\n"
                + "C-0002,東京商事,,plain\r\n"
                + "C-0003,  padded  ,Saint-Étienne,\r\n")
    }

    @Test func executionOrderPutsReferencedEntitiesFirst() {
        var lines = ["Sales order lines V2", "Sales order headers V2", "Customers V3", "Customer groups"].map {
            FOManifestLineBuilder.line(label: $0, technicalName: nil, columns: ["A"], sourceFormat: "CSV")
        }
        FOExecutionOrder.assign(&lines)
        let levels = Dictionary(uniqueKeysWithValues: lines.map { ($0.entityName, $0.levelInExecutionUnit ?? 0) })
        #expect(levels["Customer groups"] == 1)
        #expect(levels["Customers V3"] == 2)
        #expect(levels["Sales order headers V2"] == 3)
        #expect(levels["Sales order lines V2"] == 4)
        #expect(lines.allSatisfy { $0.executionUnit == 1 && $0.sequenceInLevel == 1 })
    }

    @Test func fileNamesDropCharactersWindowsForbids() {
        #expect(FOFileName.forEntity("Country/regions", ext: "csv") == "Countryregions.csv")
        #expect(FOFileName.forEntity("Customers V3", ext: "csv") == "Customers V3.csv")
    }

    @Test func readsTheReal2017ExcelPackage() throws {
        let reader = try FOPackageReader(
            source: openPackageSource(path: RealExport.path("dynamics-ax-integration/usmf_asset-major-types-01.zip")))
        let entity = try #require(reader.manifest.entities.first)
        let data = try reader.readEntity(entity)
        #expect(data.summary.format == .excel)
        #expect(data.summary.columns == ["MAJORTYPEID", "DESCRIPTION"])
        #expect(data.table.rowCount == 11)
        #expect(data.table.value(row: 0, column: "MAJORTYPEID") == "COMP")
        #expect(data.table.value(row: 0, column: "DESCRIPTION") == "Computer hardware")
        #expect(reader.technicalName(of: entity) == nil)
    }

    @Test func readsTheFastTrackCustomersExportInAPackage() throws {
        let folder = try Fixture.scratchDirectory()
        let csvName = "01-CustomersV3Export-Customers V3.csv"
        let csv = try RealExport.bytes("fasttrack-customersv3/\(csvName)")
        try Data(csv).write(to: URL(fileURLWithPath: folder + "/" + csvName))
        let columns = try CSVReader(TextDecodingStream(MemoryByteStream(csv), location: SourceLocation()), location: SourceLocation())
            .readAll()[0]
        var line = FOManifestLineBuilder.line(
            label: "Customers V3", technicalName: nil, columns: columns.map { $0.uppercased() }, sourceFormat: "CSV")
        line.inputFilePath = csvName
        let manifest = FOManifest(definitionGroupName: "FT", description: nil, entities: [line])
        try Data(FOManifestWriter.manifestBytes(manifest)).write(to: URL(fileURLWithPath: folder + "/Manifest.xml"))
        try Data(FOManifestWriter.headerBytes(FOPackageHeader(description: "FT"))).write(
            to: URL(fileURLWithPath: folder + "/PackageHeader.xml"))

        let reader = try FOPackageReader(source: openPackageSource(path: folder))
        let data = try reader.readEntity(try #require(reader.manifest.entities.first))
        #expect(data.summary.columns.count == 212)
        #expect(data.table.rowCount == 3)
        #expect(data.summary.encoding == .utf8)
        #expect(data.table.value(row: 0, column: "CUSTOMERACCOUNT") == "IMP-110143")
        // The mixed-case DataAreaId column is matched to DATAAREAID case-insensitively.
        #expect(data.table.value(row: 0, column: "DATAAREAID") == "USMF")
        #expect(data.summary.warnings.isEmpty)
        // A reader of a few columns holds those alone, with the same values; a column the file lacks is no column.
        let few = try reader.readEntity(
            try #require(reader.manifest.entities.first), columns: ["CUSTOMERACCOUNT", "DATAAREAID", "NOSUCHCOLUMN"])
        #expect(Set(few.table.columnNames) == ["CUSTOMERACCOUNT", "DATAAREAID"] && few.table.rowCount == 3)
        for row in 0..<3 {
            for column in ["CUSTOMERACCOUNT", "DATAAREAID"] {
                #expect(few.table.value(row: row, column: column) == data.table.value(row: row, column: column))
            }
        }
        #expect(data.table.keeping(columns: ["DATAAREAID"]).columnNames == ["DATAAREAID"])
    }

    @Test func missingDataFileIsNamed() throws {
        let folder = try Fixture.scratchDirectory()
        let line = FOManifestLineBuilder.line(label: "Customers V3", technicalName: nil, columns: ["A"], sourceFormat: "CSV")
        try TestSchemas.writeFOMetadata([line], to: folder)
        let reader = try FOPackageReader(source: openPackageSource(path: folder))
        let error = try #require(throws: AirlockError.self) { try reader.summarize(line) }
        #expect(error.code == .missingMember)
        #expect(error.message.contains("Customers V3.csv"))
    }

    @Test func recordWithWrongFieldCountNamesTheLine() throws {
        let folder = try Fixture.scratchDirectory()
        let line = FOManifestLineBuilder.line(label: "Customers V3", technicalName: nil, columns: ["A", "B"], sourceFormat: "CSV")
        try Data("A,B\r\n1,2\r\n3,4,5\r\n".utf8).write(to: URL(fileURLWithPath: folder + "/Customers V3.csv"))
        try TestSchemas.writeFOMetadata([line], to: folder)
        let reader = try FOPackageReader(source: openPackageSource(path: folder))
        let error = try #require(throws: AirlockError.self) { try reader.readEntity(line) }
        #expect(error.location.line == 3)
        #expect(error.location.entry == "Customers V3.csv")
    }
}
