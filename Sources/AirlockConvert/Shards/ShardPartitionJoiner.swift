import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// Joins the ranges of a partition's plan (`airlock partition --step join`, or the end of a partition run in one
/// process): the tree tables' link values, in the order one read of the exports would have met them (the Sales
/// sections, then the F&O files), joined into trees and given their shards (`ShardOwnership`); each tree table cut
/// a column at a time into the parts (`ShardPartFiles`); the reference tables put in `reference/`; `partition.json` written.
enum ShardPartitionJoiner {
    /// What the join is given: the plan, the ranges' folders (in range order) and their summaries.
    struct Reads {
        var plan: ShardPartitionPlan
        var folders: [String]
        var summaries: [ShardPartitionRangeReader.Summary]
    }

    /// Reads the summaries of `folders` (range `i` in `folders[i]`), checking that each is a read of `planDigest`'s
    /// range `i`.
    /// - Throws: `AirlockError(.usage)` naming the folder of a range not read, or read from another plan.
    static func reads(_ plan: ShardPartitionPlan, planDigest: String, folders: [String]) throws -> Reads {
        var summaries: [ShardPartitionRangeReader.Summary] = []
        for (range, folder) in folders.enumerated() {
            let path = folder + "/" + ShardPartitionRangeReader.summaryFile
            guard let data = FileManager.default.contents(atPath: path) else {
                throw AirlockError(
                    .usage,
                    "range \(range) of \(plan.ranges) was not read: run partition --step read --range \(range)/\(plan.ranges) first",
                    at: SourceLocation(file: folder))
            }
            guard let summary = try? JSONDecoder().decode(ShardPartitionRangeReader.Summary.self, from: data), summary.range == range,
                summary.plan == planDigest
            else {
                throw AirlockError(
                    .usage,
                    "not range \(range)'s read of this split's plan: run partition --step read --range \(range)/\(plan.ranges) again",
                    at: SourceLocation(file: path))
            }
            summaries.append(summary)
        }
        return Reads(plan: plan, folders: folders, summaries: summaries)
    }

    /// Joins `reads` into the partition in `staging`, linking (`ln`) or moving each reference table and part file out
    /// of the ranges' folders (`move`: a partition run in one process, whose ranges are scratch).
    static func join(
        _ reads: Reads, staging: StagingDirectory, move: Bool, progress: @escaping @Sendable (String) -> Void
    ) throws -> ShardPartitioner.Outcome {
        let plan = reads.plan
        let listing = try Listing(reads)
        var ownership = ShardOwnership()
        var cuts: [(folder: String, base: String, sales: Bool, table: Int)] = []
        progress("partition: joining the account trees")
        for (number, section) in listing.sections.enumerated() where section.listing.tree {
            let folder = reads.folders[section.range] + "/" + ShardPartitionRangeReader.tablesFolder
            let table = try appendLinks(
                "sales:\(section.listing.entity):\(number)", folder: folder, base: section.listing.file, to: &ownership)
            cuts.append((folder, section.listing.file, true, table))
        }
        for table in listing.foTables where table.listing.tree {
            let folder = reads.folders[table.range] + "/" + ShardPartitionRangeReader.tablesFolder
            let number = try appendLinks("fo:\(table.listing.label)", folder: folder, base: table.listing.file, to: &ownership)
            cuts.append((folder, table.listing.file, false, number))
        }
        let assignment = ownership.assign(count: plan.count)
        ownership = ShardOwnership()

        progress("partition: writing \(plan.count) parts")
        let reference = staging.path(RunLayout.partitionReferenceFolder)
        for folder in [RunLayout.partitionReferenceFolder] + (0..<plan.count).map(RunLayout.partitionPartFolder(index:)) {
            try staging.makeFolder(folder)
        }
        let parts = (0..<plan.count).map { staging.path(RunLayout.partitionPartFolder(index: $0)) }
        for cut in cuts {
            let owners = assignment.owners[cut.table]
            if cut.sales {
                try ShardPartFiles.splitSection(folder: cut.folder, base: cut.base, owners: owners, into: parts)
            } else {
                try ShardPartFiles.splitTable(folder: cut.folder, base: cut.base, owners: owners, into: parts)
            }
            // Scratch once cut: a partition in one process holds the tree tables on disk once, not twice.
            if move { try remove(cut.base, in: cut.folder) }
        }
        let referenceFiles =
            listing.sections.filter { !$0.listing.tree }.map { ($0.range, $0.listing.file) }
            + listing.foTables.filter { !$0.listing.tree }.map { ($0.range, $0.listing.file) }
            + [(0, ShardPartitionRangeReader.schemaFile)]
        for (range, base) in referenceFiles {
            try place(base, from: reads.folders[range] + "/" + ShardPartitionRangeReader.tablesFolder, into: reference, move: move)
        }

        let referenceBytes = try ShardPartitioner.folderBytes(reference)
        let partBytes = try parts.map(ShardPartitioner.folderBytes)
        let manifest = ShardPartition(
            format: ShardPartition.formatVersion, count: plan.count, cut: plan.cut, companies: listing.companies,
            salesTimestamp: listing.salesTimestamp, salesAttributes: listing.salesAttributes,
            salesSchemaFile: ShardPartitionRangeReader.schemaFile, foTables: listing.foTables.map(\.listing),
            salesSections: listing.sections.map(\.listing), treeRecords: assignment.treeRecords, largestTree: assignment.largestTree,
            referenceBytes: referenceBytes,
            parts: (0..<plan.count).map { .init(index: $0, ownedRecords: assignment.ownedRecords[$0], bytes: partBytes[$0]) })
        try staging.write(try ReportJSON.data(manifest), to: RunLayout.partitionManifest)
        return ShardPartitioner.Outcome(
            count: plan.count, treeRecords: assignment.treeRecords, largestTree: assignment.largestTree,
            ownedRecords: assignment.ownedRecords, referenceBytes: referenceBytes, partBytes: partBytes)
    }

    /// The ranges' summaries put together in the export's order.
    private struct Listing {
        var sections: [(range: Int, listing: ShardPartition.SalesSection)] = []
        var foTables: [(range: Int, listing: ShardPartition.FOTable)] = []
        var companies: [String] = []
        var salesTimestamp: String?
        var salesAttributes: [[String]] = []

        init(_ reads: Reads) throws {
            var sections: [Int: (Int, ShardPartition.SalesSection)] = [:]
            var files: [Int: (Int, ShardPartitionRangeReader.Summary.FOFile)] = [:]
            var rootRead = false
            for summary in reads.summaries {
                for section in summary.sections { sections[section.number] = (summary.range, section.listing) }
                for file in summary.foFiles { files[file.line] = (summary.range, file) }
                if summary.salesRootRead, !rootRead {
                    rootRead = true
                    salesTimestamp = summary.salesTimestamp
                    salesAttributes = summary.salesAttributes
                }
            }
            let expectedSections = reads.plan.salesSections?.count ?? sections.count
            guard sections.count == expectedSections, sections.keys.allSatisfy({ $0 >= 0 && $0 < expectedSections }),
                files.count == reads.plan.foFiles.count, rootRead
            else {
                throw AirlockError(
                    .usage, "the ranges' reads do not hold every section and file of the split's plan: read them again",
                    at: SourceLocation(file: reads.folders.first ?? ""))
            }
            self.sections = (0..<expectedSections).compactMap { sections[$0] }
            var used: [Int: (Int, ShardPartition.FOTable)] = [:]
            for line in files.keys.sorted() {
                guard let (range, file) = files[line] else { continue }
                for company in file.companies where !companies.contains(where: { $0.uppercased() == company.uppercased() }) {
                    companies.append(company)
                }
                if let number = file.number, let listing = file.listing { used[number] = (range, listing) }
            }
            foTables = used.keys.sorted().compactMap { used[$0] }
        }
    }

    /// Adds the link values of tree table `base` in `folder` to `ownership` as table `name`; returns its number.
    private static func appendLinks(_ name: String, folder: String, base: String, to ownership: inout ShardOwnership) throws -> Int {
        let path = folder + "/" + ShardPartitionRangeReader.linksFile(base)
        let bytes = try FileByteStream.contents(of: path)
        return try ownership.appendTable(name, encoded: bytes, from: path)
    }

    /// Removes the files of table `base` from `folder`.
    private static func remove(_ base: String, in folder: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasPrefix(base + ".") {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// Puts the files of table `base` (or the file `base`) from `folder` into `reference`: linked, or moved.
    private static func place(_ base: String, from folder: String, into reference: String, move: Bool) throws {
        let manager = FileManager.default
        let names = try manager.contentsOfDirectory(atPath: folder).filter { $0 == base || $0.hasPrefix(base + ".") }
        for name in names.sorted() where !name.hasSuffix(".links") {
            let source = folder + "/" + name
            let target = reference + "/" + name
            do {
                if move {
                    try manager.moveItem(atPath: source, toPath: target)
                } else {
                    try manager.linkItem(atPath: source, toPath: target)
                }
            } catch {
                throw AirlockError(
                    .io, "cannot put the file into the partition", at: SourceLocation(file: target), cause: SystemErrorText.of(error))
            }
        }
    }
}
