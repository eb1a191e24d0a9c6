import AirlockIO
import AirlockKit
import AirlockModel
import Foundation
import Testing

@testable import AirlockConvert

/// Under a size limit (`--batch-mb`) the batches are cut by `merge --step batches --range i/R` after the deflates,
/// from each package joined there, and the merge takes them: the batches, the import plan and the report are the
/// batched single run's, whatever the shares; batches the merge cannot trust are cut by the merge itself; the step
/// run before the package steps is refused in one line.
@Suite struct ShardSizedBatchesTests {
    @Test func theBatchesStepCutsTheSingleRunsBatchesUnderASizeLimit() throws {
        let limits = try PackageBatchLimits(records: 70, bytes: PackageBatchLimits.minimumBytes)
        let (pair, expected, batches) = try ShardPartitionStepsTests.batchedSingleRun(limits)
        let catalog = try ShardPartitionStepsTests.catalog.get()
        let run = pair.folder + "/run"
        let folders = try ShardPartitionStepsTests.shards((pair.fo, pair.sales), count: 3, run: run)
        var options = ShardMergeOptions(shardFolders: folders, outputDirectory: run, force: true)
        options.batchLimits = limits
        let early = try #require(throws: AirlockError.self) {
            try ShardMerger.cutSizedBatches(options, range: try ShardSelection(index: 0, count: 1), catalog: catalog)
        }
        #expect(early.code == .usage && early.message.contains("run that step first"), "\(early)")
        for shares in ["two shares", "one share", "a package step run again since"] {
            for package in ShardMergePackage.allCases {
                #expect(try ShardMerger.writePackage(package, options, catalog: catalog).batches == nil, "the package steps cut none")
            }
            for index in [2, 0, 1] { _ = try ShardPackageSections.deflate(run: run, range: try ShardSelection(index: index, count: 3)) }
            let ranges =
                shares == "two shares"
                ? [try ShardSelection(index: 1, count: 2), try ShardSelection(index: 0, count: 2)]
                : [
                    try ShardSelection(index: 0, count: 1)
                ]
            for range in ranges {
                let text = try ShardMerger.cutSizedBatches(options, range: range, catalog: catalog)
                #expect(text.contains("Cut \(range.index == 1 ? RunLayout.foPackage : RunLayout.salesPackage) into"), "\(text)")
            }
            if shares == "a package step run again since" { _ = try ShardMerger.writePackage(.sales, options, catalog: catalog) }
            let lines = LockedLines()
            let merged = try ShardMerger.run(options, catalog: catalog, progress: { lines.append($0) })
            let taken = shares != "a package step run again since"
            #expect(lines.all.contains { $0.contains("as merge --step batches cut them") } == taken, "\(shares): \(lines.all)")
            #expect(lines.all.contains { $0.contains("the batches cut here") } == !taken, "\(shares): \(lines.all)")
            #expect(try ShardPartitionStepsTests.files(run + "/" + RunLayout.batchesFolder) == batches, "\(shares)")
            #expect(merged.report.importPlan == expected.report.importPlan, "\(shares)")
            #expect(merged.report.validation == expected.report.validation, "\(shares)")
            #expect(merged.report.outputs == expected.report.outputs, "\(shares)")
        }
        // A shard whose report changed since the package steps ran (run again): refused in one line, nothing cut.
        for package in ShardMergePackage.allCases { _ = try ShardMerger.writePackage(package, options, catalog: catalog) }
        let report = URL(fileURLWithPath: folders[1] + "/" + RunLayout.conversionReport)
        try (try Data(contentsOf: report) + Data("\n".utf8)).write(to: report)
        let stale = try #require(throws: AirlockError.self) {
            try ShardMerger.cutSizedBatches(options, range: try ShardSelection(index: 0, count: 1), catalog: catalog)
        }
        #expect(stale.code == .usage && stale.message.contains("merged other shards"), "\(stale)")
        #expect(!FileManager.default.fileExists(atPath: run + "/.merge/sales-batches"))
        // Without a size limit the step cuts nothing.
        options.batchLimits = try PackageBatchLimits(records: 70)
        #expect(
            try ShardMerger.cutSizedBatches(options, range: try ShardSelection(index: 0, count: 1), catalog: catalog).hasPrefix(
                "No size limit"))
    }
}
