import AirlockMapping
import AirlockModel
import AirlockReconcile

extension ConversionInputs {
    /// Reads the exports of a run: whole, or for a shard (`--shard`) only the account trees it owns and the reference
    /// data, with where its rows stood (a shard's trees joined by the keys `register` holds too).
    static func read(
        for options: ConversionOptions, templates: TemplateSet, catalog: SchemaCatalog, register: KeyRegister?,
        progress: @Sendable (String) -> Void
    ) throws -> (inputs: ConversionInputs, shard: ShardInputs?) {
        progress("reading \(options.foPath) and \(options.salesPath)")
        guard let selection = options.shard, let trees = ShardTrees.of(templates.set) else {
            return (try read(options, templates: templates, catalog: catalog), nil)
        }
        if let folder = options.partition {
            progress("shard \(selection): reading its part of \(folder)")
            let read = try ShardPartReader.read(options, folder: folder, selection: selection, templates: templates, catalog: catalog)
            progress("shard \(selection): \(read.summary.ownedRecords) of \(read.summary.treeRecords) tree records")
            return (read.inputs, ShardInputs(rows: read.rows, summary: read.summary, trees: trees))
        }
        let read = try ShardInputReader.read(
            options, templates: templates, catalog: catalog, trees: trees, selection: selection, register: register, progress: progress)
        progress("shard \(selection): \(read.summary.ownedRecords) of \(read.summary.treeRecords) tree records")
        return (read.inputs, ShardInputs(rows: read.rows, summary: read.summary, trees: trees))
    }
}
