/// What one side's differ found, before the pipeline adds digests: per entity counts, the delete list, warnings.
struct DiffOutcome {
    var entities: [DiffEntityReport] = []
    var deleted: [DeletedRecord] = []
    var warnings: [String] = []
}
