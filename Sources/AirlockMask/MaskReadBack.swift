import AirlockIO
import AirlockModel
import AirlockPackages

/// The written packages read back before they are moved into place: each entity's records counted again (a
/// re-read, counted apart from the exports' records) against those the masking read. A difference would be a defect
/// of Airlock's, never a choice: the run is refused and nothing is left.
enum MaskReadBack {
    /// Sets `written` of `side`'s entities in `report` from the package at `path`, and returns the check.
    /// - Throws: `AirlockError(.io)` naming the entity whose records differ; the readers' errors.
    static func check(side: String, package path: String, report: inout MaskReport, catalog: SchemaCatalog) throws -> MaskReport.Check {
        var found: [(entity: String, records: Int)] = []
        if side == "fo" {
            let reader = try FOPackageReader(source: openPackageSource(path: path), countsAs: .checked)
            for line in reader.manifest.entities {
                found.append((catalog.foLabel(of: line.entityName), try reader.summarize(line).records))
            }
        } else {
            let counts = try CMTPackageReader(path: path, countsAs: .checked).countRecords()
            // One count per entity: an export with two sections of one entity is summed as the count is.
            var bySection: [String: Int] = [:]
            for entity in counts.entities { bySection[entity.name, default: 0] += entity.records }
            for entity in report.entities where entity.side == side {
                found.append((entity.entity, bySection.removeValue(forKey: entity.entity) ?? 0))
            }
            for (name, records) in bySection.sorted(by: { $0.key < $1.key }) { found.append((name, records)) }
        }
        let read = report.entities.indices.filter { report.entities[$0].side == side }
        var sums: [String: Int] = [:]
        for index in read { sums[report.entities[index].entity, default: 0] += report.entities[index].records }
        var writtenSums: [String: Int] = [:]
        for entry in found { writtenSums[entry.entity, default: 0] += entry.records }
        for entity in Set(sums.keys).union(writtenSums.keys).sorted() where sums[entity, default: 0] != writtenSums[entity, default: 0] {
            throw AirlockError(
                .io,
                "the masked package holds \(writtenSums[entity, default: 0]) records of \(entity) where the export holds \(sums[entity, default: 0]); nothing was written (a defect of Airlock's: please report it)",
                at: SourceLocation(file: path, entity: entity))
        }
        // Equal per entity: each section (of an entity written in several) found again as read.
        for index in read { report.entities[index].written = report.entities[index].records }
        let total = read.reduce(0) { $0 + report.entities[$1].records }
        let system = side == "fo" ? "F&O" : "Sales"
        return MaskReport.Check(
            name: "\(system) records", passed: true,
            detail: "the masked package read back holds every entity's records: \(read.count) entities, \(total) records, as in the export")
    }
}
