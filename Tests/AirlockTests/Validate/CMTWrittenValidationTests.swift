import AirlockCatalog
import AirlockIO
import AirlockKit
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

/// Validating a package while `CMTDataWriter` writes it (`CMTPackageValidator.validateWritten`) must find what
/// validating the finished zip finds: the same findings, in the same order, on the same lines, with the same
/// values and messages. Checked on real exports written again and on a package full of problems.
struct CMTWrittenValidationTests {
    /// Writes `package` to a zip, validating it as written; returns those findings and those of the zip.
    static func bothWays(_ package: CMTPackage, catalog: SchemaCatalog, dualWrite: Bool = false, named name: String) throws -> (
        written: [String], reread: [String]
    ) {
        let folder = try Fixture.scratchDirectory("airlock-written-validation")
        let path = folder + "/\(name).zip"
        let source = StreamedPackageSource(
            path: path,
            members: [
                (CMTPackage.schemaMember, try CMTSchemaWriter.bytes(package.schema)),
                (CMTPackage.contentTypesMember, CMTContentTypes.bytes),
            ],
            streamed: CMTPackage.dataMember, stream: MemoryByteStream([]), streamedAfter: 1)
        let written = FindingCollector()
        try CMTPackageValidator(catalog: catalog, integration: dualWrite ? .dualWrite : nil).validateWritten(source, into: written) {
            observer in
            try CMTPackageWriter.write(
                schema: package.schema, timestamp: package.data.timestamp, otherAttributes: package.data.otherAttributes, to: path,
                observer: observer
            ) { emit in
                for entity in package.data.entities { try emit(entity, [.whole(entity)]) }
            }
        }
        let reread = FindingCollector()
        try CMTPackageValidator(catalog: catalog, integration: dualWrite ? .dualWrite : nil).validate(path: path, into: reread)
        // The checks that followed the writer did not read the XML: it must read back as the package written.
        // (Schema and tables, as `CMTDataWriterTests` compares the real packages it writes back.)
        let readBack = try CMTPackageReader(path: path).read()
        #expect(readBack.schema == package.schema && readBack.data.entities == package.data.entities, "\(name) reads back as written")
        return (summary(written), summary(reread))
    }

    static func summary(_ collector: FindingCollector) -> [String] {
        collector.findings.map {
            [
                $0.rule, $0.severity.rawValue, $0.entity ?? "-", $0.file ?? "-", $0.line.map(String.init) ?? "-", $0.record ?? "-",
                $0.field ?? "-", $0.value ?? "-", $0.message,
            ].joined(separator: " | ")
        } + ["errors \(collector.errors) warnings \(collector.warnings)"]
    }

    @Test(arguments: [
        "abvogel-allentities/abvogel-allentities.cmt.zip", "abvogel-partylist/abvogel-partylist.cmt.zip", "xrm-ci-framework/ConfigData.zip",
        "capgemini-pdt-integrationtest/IntegrationTestData.zip",
    ])
    func aRealExportWrittenAgainHasTheFindingsOfItsZip(_ fixture: String) throws {
        let package = try CMTPackageReader(path: RealExport.path(fixture)).read()
        let catalog = try SchemaCatalogLoader.bundled()
        let result = try Self.bothWays(package, catalog: catalog, named: "real")
        #expect(result.written == result.reread)
        #expect(result.written.count > 1, "the real exports have findings to compare")
    }

    @Test func aPackageFullOfProblemsHasTheFindingsOfItsZip() throws {
        let source = MemoryPackageSource(
            path: "problems.zip",
            members: [
                (CMTPackage.schemaMember, Array(CMTProblemsPackage.schema.utf8)),
                (CMTPackage.dataMember, Array(CMTProblemsPackage.data.utf8)),
                (CMTPackage.contentTypesMember, CMTContentTypes.bytes),
            ])
        let package = try CMTPackageReader(source: source).read()
        let catalog = try SchemaCatalogLoader.bundled()
        let result = try Self.bothWays(package, catalog: catalog, named: "problems")
        #expect(result.written == result.reread)
        let rules = Set(result.written.map { $0.components(separatedBy: " | ")[0] })
        for rule in [
            ValidationRules.cmtRecordDuplicateId, ValidationRules.cmtValueLength, ValidationRules.cmtValueOption,
            ValidationRules.cmtLookupMissingRecord, ValidationRules.cmtLookupOutsidePackage, ValidationRules.cmtDataUndeclaredField,
            ValidationRules.cmtDataUndeclaredEntity, ValidationRules.cmtSchemaNoUpdateCompare, ValidationRules.cmtSchemaLookupTarget,
        ] {
            #expect(rules.contains(rule.id), "the package was meant to have a \(rule.id) finding: \(result.written)")
        }
    }

    @Test func theSamplesAPairWithDefectsAndADualWritePairHaveTheFindingsOfTheirZips() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let root = ConvertFixture.root
        let sample = try CMTPackageReader(path: root.appendingPathComponent("samples/sales-export.zip").path).read()
        let samples = try Self.bothWays(sample, catalog: catalog, named: "samples")
        #expect(samples.written == samples.reread)

        let defects = try Fixture.scratchDirectory("airlock-written-defects")
        _ = try SampleGenerator.write(to: defects, accounts: 60, seed: 3, defects: true)
        let broken = try CMTPackageReader(path: defects + "/" + RunLayout.salesExport).read()
        let withDefects = try Self.bothWays(broken, catalog: catalog, named: "defects")
        #expect(withDefects.written == withDefects.reread)
        #expect(withDefects.written.count > 3, "the defects pair's Sales export has findings to compare")

        let dualWrite = try Fixture.scratchDirectory("airlock-written-dual-write")
        _ = try SampleGenerator.write(to: dualWrite, accounts: 40, seed: 3, templates: .dualWrite)
        let package = try CMTPackageReader(path: dualWrite + "/" + RunLayout.salesExport).read()
        let result = try Self.bothWays(package, catalog: catalog, dualWrite: true, named: "dual-write")
        #expect(result.written == result.reread)
    }
}
