import AirlockCatalog
import AirlockIO
import AirlockKit
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// One broken F&O package per rule: each defect is found with the right rule and location.
struct FOValidatorTests {
    @Test func aValidPackageHasNoFindings() throws {
        #expect(try FOOrderPackage.validate(FOOrderPackage.members()).isEmpty)
    }

    @Test func theSamplesValidateWithoutErrors() throws {
        let folder = try Fixture.scratchDirectory()
        let paths = try SampleGenerator.write(to: folder, accounts: 40, seed: 3)
        let report = try PackageValidator.validate(path: paths[0], catalog: SchemaCatalogLoader.bundled())
        #expect(report.errors == 0, "\(report.text())")
    }

    @Test func badValuesAreLocated() throws {
        let findings = try FOOrderPackage.validate(
            FOOrderPackage.members(headers: [
                ["SO-1", "USD", "USMF", "1.2E+05", "13/45/2026", "Confirmd", "Maybe"],
                ["SO-2", "EURO", "USMF", "\"12,50\"", "2026-02-30", "Invoiced", "No"],
                // The file's other number takes a point, which the comma does not outvote.
                ["SO-3", "USD", "USMF", "8.25", "2026-03-12", "Invoiced", "No"],
            ]))
        let spreadsheet = findings.filter { $0.rule == ValidationRules.foValueSpreadsheet.id }
        #expect(spreadsheet.map(\.value) == ["1.2E+05", "12,50"])
        #expect(spreadsheet.first?.line == 2)
        #expect(spreadsheet.first?.record == "USMF / SO-1")
        #expect(spreadsheet.first?.field == "ORDERTOTALAMOUNT")
        let dates = findings.filter { $0.rule == ValidationRules.foValueDate.id }
        #expect(dates.map(\.value) == ["13/45/2026", "2026-02-30"])
        let enumFinding = try Findings.only(findings, ValidationRules.foValueEnum)
        #expect(enumFinding.value == "Confirmd")
        #expect(enumFinding.severity == .error)
        #expect(try Findings.only(findings, ValidationRules.foValueNoYes).value == "Maybe")
        let length = try Findings.only(findings, ValidationRules.foValueLength)
        #expect(length.value == "EURO")
        #expect(length.line == 3)
        // CURRENCYCODE is 3 in the D365 7.0 database schema (a documented floor): an error that names its basis.
        #expect(length.severity == .error && length.basis == .documented)
        #expect(length.message.contains("D365 7.0 database schema (2016)") && length.message.contains("EDT CurrencyCode"))
    }

    @Test func mandatoryEmptyDuplicateKeysAndMissingParentsAreFound() throws {
        let findings = try FOOrderPackage.validate(
            FOOrderPackage.members(lines: [
                ["SO-1", "1", "USMF", "3", "P-1000"], ["SO-1", "1", "USMF", "2", "P-1000"], ["SO-9", "1", "USMF", "1", "P-1"],
                ["SO-2", "", "USMF", "1", "P-2"],
            ]))
        let duplicate = try Findings.only(findings, ValidationRules.foKeyDuplicate)
        #expect(duplicate.line == 3)
        #expect(duplicate.entity == "CDS sales order lines")
        let orphan = try Findings.only(findings, ValidationRules.foReferenceMissing)
        #expect(orphan.value == "SO-9")
        #expect(orphan.line == 4)
        let empty = try Findings.only(findings, ValidationRules.foValueMandatory)
        #expect(empty.field == "LINECREATIONSEQUENCENUMBER")
        #expect(empty.line == 5)
    }

    @Test func executionOrderMustPutHeadersFirst() throws {
        let findings = try FOOrderPackage.validate(FOOrderPackage.members { lines in lines[1].levelInExecutionUnit = 1 })
        #expect(try Findings.only(findings, ValidationRules.foManifestExecutionOrder).entity == "CDS sales order lines")
    }

    @Test func manifestProblemsAreFound() throws {
        var members = FOOrderPackage.members { lines in
            lines[0].entityMap = nil
            lines.append(lines[1])
        }
        members.append(("notes.txt", Array("x".utf8)))
        let findings = try FOOrderPackage.validate(members)
        #expect(try Findings.only(findings, ValidationRules.foManifestNoEntityMap).entity == "CDS sales order headers")
        #expect(try Findings.only(findings, ValidationRules.foManifestDuplicateLabel).entity == "CDS sales order lines")
        #expect(try Findings.only(findings, ValidationRules.foFileUnlisted).file == "notes.txt")
    }

    @Test func aLineWithoutInputFilePathIsAnErrorEvenWhenTheFileIsFoundByName() throws {
        let findings = try FOOrderPackage.validate(FOOrderPackage.members { lines in lines[1].inputFilePath = nil })
        let finding = try Findings.only(findings, ValidationRules.foManifestNoInputFile)
        #expect(finding.severity == .error && finding.entity == "CDS sales order lines" && finding.file == "Manifest.xml")
        #expect(finding.message.contains("CDS sales order lines.csv"))
        #expect(findings.filter { $0.rule == ValidationRules.foFileMissing.id }.isEmpty)
    }

    @Test func aLabelOneEditAwayFromAKnownOneGetsDidYouMean() throws {
        let findings = try FOOrderPackage.validate(FOOrderPackage.members { lines in lines[1].entityName = "CDS sales ordr lines" })
        let finding = try Findings.only(findings, ValidationRules.foManifestUnknownEntity)
        #expect(finding.severity == .error && finding.value == "CDS sales ordr lines")
        #expect(finding.message.contains("did you mean 'CDS sales order lines'?"))
        let unrelated = try Findings.only(
            try FOOrderPackage.validate(FOOrderPackage.members { lines in lines[1].entityName = "Vendor bank accounts" }),
            ValidationRules.foManifestUnknownEntity)
        #expect(unrelated.severity == .warning && !unrelated.message.contains("did you mean"))
    }

    @Test func aFixedValueStringFieldTakesOnlyItsValues() throws {
        let columns = ["CUSTOMERACCOUNT", "DATAAREAID", "PARTYTYPE", "CUSTOMERGROUPID", "SALESCURRENCYCODE", "ORGANIZATIONNAME"]
        var line = FOManifestLineBuilder.line(label: "Customers V3", technicalName: nil, columns: columns, sourceFormat: "CSV")
        line.executionUnit = 1
        line.levelInExecutionUnit = 1
        line.sequenceInLevel = 1
        let rows = [
            ["C-1", "USMF", "Organization", "10", "USD", "Contoso"], ["C-2", "USMF", "Company", "10", "USD", "Fabrikam"],
            ["C-3", "USMF", "person", "10", "USD", "Ann"],
        ]
        let csv = Array(("\u{FEFF}" + ([columns] + rows).map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n").utf8)
        let findings = try FOOrderPackage.validate(
            TestSchemas.foMetadata([line]) + [
                ("Customers V3.csv", csv)
            ]
        ).filter { $0.rule == ValidationRules.foValueChoice.id }
        #expect(findings.count == 2)
        let wrong = try #require(findings.first { $0.value == "Company" })
        #expect(wrong.severity == .error && wrong.field == "PARTYTYPE" && wrong.line == 3 && wrong.message.contains("Organization, Person"))
        let cased = try #require(findings.first { $0.value == "person" })
        #expect(cased.severity == .warning && cased.message.contains("Person"))
    }

    @Test func columnsAgainstMapAndCatalog() throws {
        var members = FOOrderPackage.members()
        members[3].bytes = Array("SALESORDERNUMBER,DATAAREAID,ORDEREDSALESQUANTITY,PRODUCTNUMBER,MYCOLUMN\r\nSO-1,USMF,1,P-1,x\r\n".utf8)
        let findings = try FOOrderPackage.validate(members)
        #expect(try Findings.only(findings, ValidationRules.foFileColumnNotMapped).field == "MYCOLUMN")
        #expect(try Findings.only(findings, ValidationRules.foFileMappedColumnMissing).field == "LINECREATIONSEQUENCENUMBER")
        #expect(try Findings.only(findings, ValidationRules.foFieldUnknown).field == "MYCOLUMN")
        #expect(try Findings.only(findings, ValidationRules.foFieldMandatoryMissing).field == "LINECREATIONSEQUENCENUMBER")
    }

    @Test func encodingMustFitTheSourceFormat() throws {
        let findings = try FOOrderPackage.validate(FOOrderPackage.members { lines in lines[0].sourceFormat = "CSV-Unicode" })
        let finding = try Findings.only(findings, ValidationRules.foFileEncoding)
        #expect(finding.file == "CDS sales order headers.csv")
        #expect(finding.value == "UTF-8-BOM")
    }

    @Test func outOfOrderManifestMembersAreFound() throws {
        var members = FOOrderPackage.members()
        let text = String(
            decoding: stride(from: 2, to: members[0].bytes.count, by: 2).map {
                UInt16(members[0].bytes[$0]) | UInt16(members[0].bytes[$0 + 1]) << 8
            }, as: UTF16.self)
        let swapped = text.replacingOccurrences(
            of: "<EntityName>CDS sales order headers</EntityName>", with: ""
        )
        .replacingOccurrences(
            of: "\t\t\t<DefaultRefreshType>FullPush</DefaultRefreshType>",
            with: "\t\t\t<EntityName>CDS sales order headers</EntityName>\r\n\t\t\t<DefaultRefreshType>FullPush</DefaultRefreshType>",
            options: [], range: nil)
        members[0].bytes = [0xFF, 0xFE] + swapped.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let findings = try FOOrderPackage.validate(members)
        let order = findings.filter { $0.rule == ValidationRules.foManifestOrder.id }
        #expect(!order.isEmpty)
        #expect(order.first?.file == "Manifest.xml")
        #expect(order.first?.line != nil)
    }

    @Test func headerProblemsAreFound() throws {
        var members = FOOrderPackage.members()
        var header = FOPackageHeader(description: "G", manifestType: "Something.Else", packageType: "DefinitionGroup", packageVersion: 1)
        members[1].bytes = FOManifestWriter.headerBytes(header)
        var findings = try FOOrderPackage.validate(members)
        #expect(try Findings.only(findings, ValidationRules.foHeaderManifestType).value == "Something.Else")
        #expect(try Findings.only(findings, ValidationRules.foHeaderVersion).severity == .warning)
        header = FOPackageHeader(description: "G")
        members[1].bytes = FOManifestWriter.headerBytes(header)
        findings = try FOOrderPackage.validate(members)
        #expect(findings.isEmpty)
    }

    @Test func aBrokenFileIsAFindingAndTheRestIsStillChecked() throws {
        var members = FOOrderPackage.members(headers: [["SO-1", "USD", "USMF", "x", "2026-01-01", "Confirmed", "Yes"]])
        members[3].bytes = Array(
            "SALESORDERNUMBER,LINECREATIONSEQUENCENUMBER,DATAAREAID,ORDEREDSALESQUANTITY,PRODUCTNUMBER\r\n\"SO-1,1,USMF,1,P\r\n".utf8)
        let findings = try FOOrderPackage.validate(members)
        let unreadable = try Findings.only(findings, ValidationRules.foFileUnreadable)
        #expect(unreadable.file == "CDS sales order lines.csv")
        #expect(unreadable.line == 2)
        #expect(try Findings.only(findings, ValidationRules.foValueReal).value == "x")
    }

    @Test func missingFileIsAFinding() throws {
        let members = FOOrderPackage.members().filter { $0.name != "CDS sales order lines.csv" }
        #expect(try Findings.only(try FOOrderPackage.validate(members), ValidationRules.foFileMissing).entity == "CDS sales order lines")
    }

    @Test func theRealFastTrackExportRaisesNoErrors() throws {
        let csvName = "01-CustomersV3Export-Customers V3.csv"
        let csv = try RealExport.bytes("fasttrack-customersv3/\(csvName)")
        let columns = try CSVReader(TextDecodingStream(MemoryByteStream(csv), location: SourceLocation()), location: SourceLocation())
            .readAll()[0]
        var line = FOManifestLineBuilder.line(
            label: "Customers V3", technicalName: nil, columns: columns.map { $0.uppercased() }, sourceFormat: "CSV")
        line.inputFilePath = csvName
        line.executionUnit = 1
        line.levelInExecutionUnit = 1
        line.sequenceInLevel = 1
        let findings = try FOOrderPackage.validate(
            TestSchemas.foMetadata([line], group: "FT") + [
                (csvName, csv)
            ])
        let errors = findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.rule) \($0.field ?? "") '\($0.value ?? "")' \($0.message)" })")
    }
}

/// `airlock validate`, in process: output and exit codes.
struct ValidateCommandTests {
    @Test func cleanPackageExitsZeroAndBrokenOneExitsOne() throws {
        let folder = try Fixture.scratchDirectory()
        try ZipFixture.make(
            folder + "/good.zip", entries: Dictionary(uniqueKeysWithValues: FOOrderPackage.members().map { ($0.name, $0.bytes) }))
        let good = try AirlockRunner.run(["validate", folder + "/good.zip"])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout.contains("0 errors"))

        let broken = FOOrderPackage.members(headers: [["SO-1", "USD", "USMF", "1.2E+05", "2026-01-01", "Confirmed", "Yes"]])
        try ZipFixture.make(folder + "/broken.zip", entries: Dictionary(uniqueKeysWithValues: broken.map { ($0.name, $0.bytes) }))
        let result = try AirlockRunner.run(["validate", "--json", folder + "/broken.zip"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "fo")
        // The damaged total; the line of SO-2, whose header is no longer in the package, is a warning (the header
        // may exist in the target) unless --self-contained.
        #expect(object["errors"] as? Int == 1)
        let strict = try AirlockRunner.run(["validate", "--json", "--self-contained", folder + "/broken.zip"])
        let strictObject = try #require(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any])
        #expect(strictObject["errors"] as? Int == 2)
        let finding = try #require((object["findings"] as? [[String: Any]])?.first { $0["rule"] as? String == "fo.value.spreadsheet" })
        #expect(finding["rule"] as? String == "fo.value.spreadsheet")
        #expect(finding["line"] as? Int == 2)
        #expect(finding["value"] as? String == "1.2E+05")
        for key in ["entity", "file", "record", "field", "message", "severity"] { #expect(finding.keys.contains(key)) }
    }

    @Test func unreadablePackageExitsTwo() throws {
        let result = try AirlockRunner.run(["validate", "/nonexistent.zip"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("airlock: /nonexistent.zip"))
    }
}

struct FOLineEndingTests {
    @Test func bareLineFeedsAreAnErrorForCSVUnicodeAndAWarningForCSV() throws {
        func members(format: String, encoding: TextEncoding) throws -> [(name: String, bytes: [UInt8])] {
            var members = FOOrderPackage.members { lines in lines[1].sourceFormat = format }
            let sink = MemoryByteSink()
            let writer = try TextEncodingWriter(sink: sink, encoding: encoding)
            try writer.write(
                "SALESORDERNUMBER,LINECREATIONSEQUENCENUMBER,DATAAREAID,ORDEREDSALESQUANTITY,PRODUCTNUMBER\r\nSO-1,1,USMF,3,P-1000\nSO-2,1,USMF,1,P-1001\n"
            )
            try writer.flush()
            members[3].bytes = sink.bytes
            return members
        }
        let unicode = try Findings.only(
            try FOOrderPackage.validate(try members(format: "CSV-Unicode", encoding: .utf16LE)), ValidationRules.foFileLineEndings)
        #expect(unicode.severity == .error)
        #expect(unicode.line == 2)
        #expect(unicode.file == "CDS sales order lines.csv")
        let plain = try Findings.only(
            try FOOrderPackage.validate(try members(format: "CSV", encoding: .utf8BOM)), ValidationRules.foFileLineEndings)
        #expect(plain.severity == .warning)
    }
}

struct FOReferenceTests {
    @Test func aChildNeedsItsKeyInOneOfSeveralCandidateParents() throws {
        func csv(_ text: String) -> [UInt8] { Array(("\u{FEFF}" + text).utf8) }
        var lines = [
            FOManifestLineBuilder.line(
                label: "Customers V2", technicalName: nil, columns: ["CUSTOMERACCOUNT", "PARTYNUMBER"], sourceFormat: "CSV"),
            FOManifestLineBuilder.line(
                label: "Customers V3", technicalName: nil, columns: ["CUSTOMERACCOUNT", "PARTYNUMBER"], sourceFormat: "CSV"),
            FOManifestLineBuilder.line(
                label: "CDS Contacts V2", technicalName: nil, columns: ["CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER"],
                sourceFormat: "CSV"),
        ]
        FOExecutionOrder.assign(&lines)
        let findings = try FOOrderPackage.validate(
            TestSchemas.foMetadata(lines) + [
                ("Customers V2.csv", csv("CUSTOMERACCOUNT,PARTYNUMBER\r\nC-1,P-1\r\n")),
                ("Customers V3.csv", csv("CUSTOMERACCOUNT,PARTYNUMBER\r\nC-2,P-2\r\n")),
                ("CDS Contacts V2.csv", csv("CONTACTPERSONPARTYNUMBER,ASSOCIATEDPARTYNUMBER\r\nK-1,P-1\r\nK-2,P-2\r\nK-3,P-9\r\n")),
            ])
        let missing = findings.filter { $0.rule == ValidationRules.foReferenceMissing.id }
        #expect(missing.map(\.value) == ["P-9"], "\(findings.map { "\($0.rule) \($0.message)" })")
        #expect(missing.first?.line == 4)
    }

    @Test func aVendorContactsAssociatedPartyIsFoundAmongTheVendorsParties() throws {
        func csv(_ text: String) -> [UInt8] { Array(("\u{FEFF}" + text).utf8) }
        var lines = [
            FOManifestLineBuilder.line(
                label: "Customers V3", technicalName: nil, columns: ["CUSTOMERACCOUNT", "PARTYNUMBER"], sourceFormat: "CSV"),
            FOManifestLineBuilder.line(
                label: "Vendors V2", technicalName: nil, columns: ["VENDORACCOUNTNUMBER", "VENDORPARTYNUMBER"], sourceFormat: "CSV"),
            FOManifestLineBuilder.line(
                label: "CDS Contacts V2", technicalName: nil,
                columns: ["CONTACTPERSONPARTYNUMBER", "ASSOCIATEDCONTACTTYPE", "ASSOCIATEDCONTACTNUMBER", "ASSOCIATEDPARTYNUMBER"],
                sourceFormat: "CSV"),
        ]
        FOExecutionOrder.assign(&lines)
        let findings = try FOOrderPackage.validate(
            TestSchemas.foMetadata(lines) + [
                ("Customers V3.csv", csv("CUSTOMERACCOUNT,PARTYNUMBER\r\nC-1,P-1\r\n")),
                ("Vendors V2.csv", csv("VENDORACCOUNTNUMBER,VENDORPARTYNUMBER\r\nV-1,P-5\r\n")),
                (
                    "CDS Contacts V2.csv",
                    csv(
                        "CONTACTPERSONPARTYNUMBER,ASSOCIATEDCONTACTTYPE,ASSOCIATEDCONTACTNUMBER,ASSOCIATEDPARTYNUMBER\r\n"
                            + "K-1,Customer,C-1,P-1\r\nK-2,Vendor,V-1,P-5\r\nK-3,Vendor,V-9,P-9\r\n")
                ),
            ])
        let missing = findings.filter { $0.rule == ValidationRules.foReferenceMissing.id }
        #expect(missing.map(\.value) == ["P-9"], "\(findings.map { "\($0.rule) \($0.message)" })")
        #expect(missing.first?.line == 4)
    }
}
