import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation
import Testing

@testable import AirlockConvert

/// `BatchWriter`: each batch is validated after the batches before it as they were cut, without reading them again.
struct BatchWriterTests {
    /// The records a Sales batch is validated after are those of the batches before it as cut: every batch's findings
    /// are those it has against the batches before it read from their zips, so that a lookup to a record of a later
    /// batch, or of none, is found and one to a record of an earlier batch is not.
    @Test func eachSalesBatchIsValidatedAsAfterTheBatchesReadFromTheirZips() throws {
        let (folder, _) = try ConvertBatchesTests.run(records: nil, accounts: 120)
        let catalog = try SchemaCatalogLoader.bundled()
        let into = folder + "/cut"
        try FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: false)
        // No target: every lookup outside the batches before is a finding.
        let nothing = CMTExportRecords.adding()
        nothing.seal()
        let series = try BatchWriter.cutSales(
            folder + "/out/" + RunLayout.salesPackage, limits: try PackageBatchLimits(records: 97), into: into, form: .zip,
            target: nothing, catalog: catalog, integration: .prospectToCash)
        #expect(series.batches.count >= 4)
        var context: [any CMTTargetRecords] = [nothing]
        for (batch, validation) in zip(series.batches, series.validations) {
            let path = into + "/" + batch.fileName
            let expected = try PackageValidator.validate(
                path: path, target: .cmt, catalog: catalog, integration: .prospectToCash, targetRecords: CMTTargetRecordsUnion(context))
            #expect(validation.findings.map(\.message) == expected.findings.map(\.message), "\(batch.fileName)")
            #expect(validation.warnings == expected.warnings && validation.errors == expected.errors, "\(batch.fileName)")
            context.append(try CMTExportRecords.read(path: path))
        }
        let found = series.validations.map { $0.warnings + $0.errors }
        #expect(found.dropFirst().contains { $0 > 0 }, "lookups outside the batches before are found: \(found)")
    }

    /// Batches written as plain members have no zip to measure: a size limit is refused in one line naming the
    /// package, and nothing is written.
    @Test func aSizeLimitIsRefusedForBatchesWrittenPlain() throws {
        let (folder, _) = try ConvertBatchesTests.run(records: nil, accounts: 10)
        let into = folder + "/cut"
        try FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: false)
        let limits = try PackageBatchLimits(records: 5, bytes: 300_000)
        for package in [RunLayout.salesPackage, RunLayout.foPackage] {
            let path = folder + "/out/" + package
            let refusal = try #require(throws: AirlockError.self) {
                if package == RunLayout.salesPackage {
                    _ = try CMTPackageSplitter.split(path, limits: limits, into: into, stem: "s", form: .plainMembers)
                } else {
                    _ = try FOPackageSplitter.split(path, limits: limits, into: into, stem: "f", form: .plainMembers)
                }
            }
            #expect(refusal.code == .usage && refusal.location.file == path, "\(refusal)")
            #expect(refusal.message.contains("size limit"), "\(refusal)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: into).isEmpty)
    }
}
