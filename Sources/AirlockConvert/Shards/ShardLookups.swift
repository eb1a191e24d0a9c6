import AirlockIO
import AirlockMapping
import AirlockModel
import Foundation

/// What the reference data flows accepted, written once into the partition (`lookups/`, by `convert --partition DIR
/// --reference-flows`) so that a shard other than 0 reads it instead of running those flows for its trees' lookups:
/// each flow's accepted records as a table image, and `lookups.json` naming the partition and the options they
/// were made with. A shard given other options, or a partition cut again since, is refused in one line; without
/// `lookups/` a shard runs the flows itself, as before (the same records either way).
///
/// A flow that is the header of another (whose records' statuses its lines read) or that has second-pass lookups (which
/// may name records of the trees) is not written: every shard runs it.
enum ShardLookups {
    /// The form of `lookups/`; a shard refuses another.
    static let formatVersion = 1

    /// `lookups.json`.
    struct Manifest: Codable, Equatable {
        /// One flow's accepted records: its table image's file and how many records it holds.
        struct Flow: Codable, Equatable {
            var name: String
            var file: String
            var records: Int
        }

        var format: Int
        /// The SHA-256 of the partition's `partition.json` the flows read.
        var partition: String
        /// `optionsDigest` of the options they ran with.
        var options: String
        var flows: [Flow]
    }

    /// Whether a shard can take `template`'s accepted records from `lookups/` instead of running its flow.
    static func isWritten(_ template: MappingTemplate, templates: TemplateSet) -> Bool {
        !template.isHeaderOfSomeFlow(in: templates) && !template.fields.contains(where: \.isSecondPass)
    }

    /// The SHA-256 of what decides the flows' records among `options`: every option but the exports' and folders'
    /// paths, the shard, `--force`, `--max-rejects` and the batch limits; and of an edited templates folder's files.
    /// - Throws: `AirlockError(.io)` when a template file cannot be read.
    static func optionsDigest(_ options: ConversionOptions) throws -> String {
        var deciding = options
        deciding.foPath = ""
        deciding.salesPath = ""
        deciding.outputDirectory = nil
        deciding.partition = nil
        deciding.shard = nil
        deciding.force = false
        deciding.maxRejects = nil
        deciding.batchLimits = nil
        deciding.templatesDirectory = nil
        var pieces = [try ReportJSON.data(deciding)]
        if let folder = options.templatesDirectory {
            let files = (FileManager.default.subpaths(atPath: folder) ?? []).sorted()
            for file in files where !ShardCutCheck.isDirectory(folder + "/" + file) {
                pieces.append(Data((file + "\u{0}" + (try FileDigest.of(folder + "/" + file).sha256)).utf8))
            }
        }
        return FileDigest.sha256(of: pieces)
    }

    /// Writes `outputs`' accepted records (those `isWritten` takes) into `partition`'s `lookups/`, replacing one there:
    /// written beside it, then moved into place.
    /// - Throws: `AirlockError(.io)` when the folder cannot be written.
    static func write(_ outputs: [FlowOutput], templates: TemplateSet, options: ConversionOptions, partition: String) throws -> Manifest {
        let folder = partition + "/" + RunLayout.partitionLookupsFolder
        let staging = folder + ".writing"
        let manager = FileManager.default
        try? manager.removeItem(atPath: staging)
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
            var flows: [Manifest.Flow] = []
            for output in outputs.sorted(by: { $0.template.name < $1.template.name })
            where isWritten(output.template, templates: templates) {
                let file = output.template.name + ".table"
                let keys = (0..<output.accepted.rowCount).map { UInt64($0) }
                try TableImageFile.write(output.accepted, keys: keys, to: staging + "/" + file)
                flows.append(Manifest.Flow(name: output.template.name, file: file, records: output.accepted.rowCount))
            }
            let manifest = Manifest(
                format: formatVersion, partition: try FileDigest.of(partition + "/" + RunLayout.partitionManifest).sha256,
                options: try optionsDigest(options), flows: flows)
            try ReportJSON.data(manifest).write(to: URL(fileURLWithPath: staging + "/" + RunLayout.partitionLookupsManifest))
            try? manager.removeItem(atPath: folder)
            try manager.moveItem(atPath: staging, toPath: folder)
            return manifest
        } catch let error as AirlockError {
            try? manager.removeItem(atPath: staging)
            throw error
        } catch {
            try? manager.removeItem(atPath: staging)
            throw AirlockError(.io, "cannot write the reference flows' records: \(error)", at: SourceLocation(file: folder))
        }
    }

    /// The accepted records of each flow `partition`'s `lookups/` holds, by flow name; nil when it holds none.
    /// - Throws: `AirlockError(.usage)` naming `lookups.json` when they were made for another partition, with other
    ///   options or by another build's form; `AirlockError(.io)` when a table is missing, damaged or of another size.
    static func read(partition: String, options: ConversionOptions) throws -> [String: Table]? {
        let folder = partition + "/" + RunLayout.partitionLookupsFolder
        let path = folder + "/" + RunLayout.partitionLookupsManifest
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let location = SourceLocation(file: path)
        let again = "run convert --partition \(partition) --reference-flows again with the shards' options, or remove \(folder)"
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: data), manifest.format == formatVersion else {
            throw AirlockError(.usage, "is no reference flows' record of this build (format \(formatVersion)): \(again)", at: location)
        }
        let cut = try FileDigest.of(partition + "/" + RunLayout.partitionManifest).sha256
        if manifest.partition != cut {
            throw AirlockError(.usage, "was written for another partition than \(partition) holds now: \(again)", at: location)
        }
        if manifest.options != (try optionsDigest(options)) {
            throw AirlockError(.usage, "the reference flows ran with other options than this shard's: \(again)", at: location)
        }
        var tables: [String: Table] = [:]
        for flow in manifest.flows {
            let table = try TableImageFile.read(path: folder + "/" + flow.file).table
            guard table.rowCount == flow.records else {
                throw AirlockError(
                    .io, "holds \(table.rowCount) records where \(RunLayout.partitionLookupsManifest) lists \(flow.records): \(again)",
                    at: SourceLocation(file: folder + "/" + flow.file))
            }
            tables[flow.name] = table
        }
        return tables
    }
}
