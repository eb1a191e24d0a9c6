import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import Foundation

/// Reads one shard's part of a partition (`convert --partition DIR --shard i/N`): the reference data whole and the
/// shard's trees, as `ShardInputReader` would have kept them from the exports, without reading the exports.
enum ShardPartReader {
    /// The shard's inputs (with the export's companies), where its rows stood in the exports, and what it kept.
    /// - Throws: `AirlockError(.usage)` naming `partition.json` when the partition is not one for this shard: cut
    ///   for another number of shards, from exports of other sizes, read with other options; `AirlockError(.io)`
    ///   when a part's file is missing or cut short.
    static func read(
        _ options: ConversionOptions, folder: String, selection: ShardSelection, templates: TemplateSet, catalog: SchemaCatalog
    )
        throws -> (inputs: ConversionInputs, rows: ShardRowMap, summary: ShardOwnership.Summary)
    {
        let partition = try manifest(folder)
        try check(partition, folder: folder, options: options, selection: selection, templates: templates)
        let reference = folder + "/" + RunLayout.partitionReferenceFolder
        let part = folder + "/" + RunLayout.partitionPartFolder(index: selection.index)
        var map: [String: [Int]] = [:]
        var sections: [CMTEntityData] = []
        // Every reference table whole, and the part's tree records as many as partition.json lists.
        var treeRecords = 0
        for section in partition.salesSections {
            let read = try ShardPartFiles.readSection(folder: section.tree ? part : reference, base: section.file)
            RecordProgress.addRead(read.exportRows.count)
            sections.append(read.section)
            let key = ShardRowMap.key(side: .sales, entity: section.entity, catalog: catalog)
            if section.tree, map[key] == nil { map[key] = read.exportRows }
            if section.tree { treeRecords += read.exportRows.count }
            try checkCount(read.exportRows.count, of: section.entity, listed: section.tree ? nil : section.records, in: reference)
        }
        var foTables: [(String, Table)] = []
        for table in partition.foTables {
            let read = try ShardPartFiles.readTable(folder: table.tree ? part : reference, base: table.file)
            RecordProgress.addRead(read.exportRows.count)
            foTables.append((table.label, read.table))
            if table.tree { map[ShardRowMap.key(side: .fo, entity: table.label, catalog: catalog)] = read.exportRows }
            if table.tree { treeRecords += read.exportRows.count }
            try checkCount(read.exportRows.count, of: table.label, listed: table.tree ? nil : table.records, in: reference)
        }
        let owned = partition.parts.first { $0.index == selection.index }?.ownedRecords ?? 0
        try checkCount(treeRecords, of: "the account trees", listed: owned, in: part)
        let schemaPath = reference + "/" + partition.salesSchemaFile
        let schema = try CMTSchemaReader.read(FileByteStream(path: schemaPath), location: SourceLocation(file: schemaPath))
        let data = CMTData(
            timestamp: partition.salesTimestamp.map(CMTTimestamp.init(text:)),
            otherAttributes: partition.salesAttributes.map { CMTAttribute($0.first ?? "", $0.last ?? "") }, entities: sections)
        let inputs = ConversionInputs(
            foReader: nil, foTables: foTables, sales: CMTPackage(schema: schema, data: data), companies: partition.companies)
        return (
            inputs, ShardRowMap(rows: map),
            ShardOwnership.Summary(treeRecords: partition.treeRecords, ownedRecords: owned, largestTree: partition.largestTree)
        )
    }

    /// Refuses a part or reference table that holds another number of records than `partition.json` lists (nil: it
    /// lists none for this table alone).
    private static func checkCount(_ count: Int, of what: String, listed: Int?, in folder: String) throws {
        guard let listed, count != listed else { return }
        throw AirlockError(
            .io,
            "holds \(count) record\(count == 1 ? "" : "s") of \(what) where \(RunLayout.partitionManifest) lists \(listed): partition the exports again",
            at: SourceLocation(file: folder))
    }

    /// `partition.json` of `folder`.
    /// - Throws: `AirlockError(.usage)` when there is none, or it is not a partition of this build's layout.
    static func manifest(_ folder: String) throws -> ShardPartition {
        let path = folder + "/" + RunLayout.partitionManifest
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AirlockError(
                .usage, "--partition \(folder) holds no \(RunLayout.partitionManifest): give the folder airlock partition wrote",
                at: SourceLocation(file: path))
        }
        guard let partition = try? JSONDecoder().decode(ShardPartition.self, from: data), partition.format == ShardPartition.formatVersion
        else {
            throw AirlockError(
                .usage, "not a partition this airlock reads (format \(ShardPartition.formatVersion)): partition the exports again",
                at: SourceLocation(file: path))
        }
        return partition
    }

    /// Refuses a partition that is not this shard's: another count, other exports (by size and last MiB here; by
    /// SHA-256 once the run has digested them, `checkDigests`), other options (`ShardCutCheck`).
    private static func check(
        _ partition: ShardPartition, folder: String, options: ConversionOptions, selection: ShardSelection, templates: TemplateSet
    ) throws {
        let recorded = self.recorded(partition, folder: folder)
        if partition.count != selection.count {
            throw AirlockError(
                .usage,
                "the partition is cut into \(partition.count) parts, not \(selection.count) (--shard \(selection)): \(recorded.remedy)",
                at: SourceLocation(file: recorded.file))
        }
        try ShardCutCheck.check(recorded, options: options, templates: templates)
    }

    /// What `partition` recorded of its exports and options, for `ShardCutCheck`.
    private static func recorded(_ partition: ShardPartition, folder: String) -> ShardCutCheck.Recorded {
        ShardCutCheck.Recorded(
            cut: partition.cut, file: folder + "/" + RunLayout.partitionManifest, what: "partition",
            remedy: "partition the exports again, or give its own")
    }

    /// The digest `partition.json` lists for the export `role` (`fo`, `sales`), its size and last MiB checked
    /// (`ShardCutCheck.recordedDigest`); nil for a folder export, which the caller digests whole.
    /// - Throws: `AirlockError(.usage)` naming `partition.json` when the export is another.
    static func recordedDigest(of role: String, path: String, partition: ShardPartition, folder: String) throws -> FileDigest? {
        try ShardCutCheck.recordedDigest(of: role, path: path, recorded: recorded(partition, folder: folder))
    }

    /// Refuses a partition cut from exports or a key register other than those the run digested (`inputs`).
    static func checkDigests(_ folder: String, inputs: [String: FileDigest]) throws {
        let partition = try manifest(folder)
        for role in ["fo", "sales", "key-register"] where partition.cut.inputs[role]?.sha256 != inputs[role]?.sha256 {
            let flag = role == "key-register" ? "key register" : "--\(role) export"
            throw AirlockError(
                .usage,
                "the partition was cut from another \(flag) (SHA-256 \(partition.cut.inputs[role]?.sha256.prefix(12) ?? "none"), not \(inputs[role]?.sha256.prefix(12) ?? "none")): partition the exports again, or give its own",
                at: SourceLocation(file: folder + "/" + RunLayout.partitionManifest))
        }
    }
}
