import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Every key the migration's key register says F&O holds (a linked record's, or one a run sent), looked for in the
/// F&O export taken after the import (docs/verify.md, "Registered keys"): in the entity and key field the register
/// names (any catalog version of the entity the export holds), in the conversion's company. A key not found is an
/// identity F&O does not hold: the records the register ties to it would not find it in the next wave.
enum RegisteredKeyCheck {
    /// What the check found, per Sales entity.
    struct Outcome: Sendable {
        /// Per Sales entity: registered records F&O holds, found in the export, not found, not checked (the export
        /// lacks the entity); and the records registered that no run has sent to F&O yet.
        var counts: [String: Counts] = [:]
        /// The registered keys not found, in register order.
        var notFound: [KeyRegisterEntry] = []
        /// The registered keys whose F&O entity the export lacks, in register order.
        var notChecked: [KeyRegisterEntry] = []
    }

    struct Counts: Sendable, Equatable {
        var registered = 0
        var found = 0
        var notFound = 0
        var notChecked = 0
        var notSent = 0
    }

    /// Checks `register`'s keys in the F&O export `export`, company `company`.
    /// - Throws: the reader's errors.
    static func run(_ register: KeyRegister, export: PackageSource, company: String, catalog: SchemaCatalog) throws -> Outcome {
        var outcome = Outcome()
        let inFO = register.recordsInFO
        for entity in register.entities {
            let identities = register.identities(of: entity)
            outcome.counts[entity, default: Counts()].notSent = identities.count - inFO.filter { $0.entity == entity }.count
        }
        guard !inFO.isEmpty else { return outcome }
        let reader = try FOPackageReader(source: export)
        var groups: [String: [KeyRegisterEntry]] = [:]
        var order: [String] = []
        for entry in inFO {
            let group = catalog.foKey(of: entry.fo ?? "") + "\u{0}" + (entry.foField ?? "").uppercased()
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(entry)
        }
        var found: Set<String> = []
        var checked: Set<String> = []
        for group in order {
            guard let entries = groups[group], let first = entries.first, let label = first.fo, let field = first.foField,
                let line = FOExportMatcher.line(for: label, in: reader, catalog: catalog)
            else { continue }
            var consumer = KeyColumnConsumer(
                map: FOColumnMap(line.entityMap ?? []), field: field.uppercased(), company: company.uppercased(),
                wanted: Set(entries.map { $0.key.uppercased() }))
            _ = try reader.scan(line, into: &consumer)
            checked.insert(group)
            for entry in entries where consumer.found.contains(entry.key.uppercased()) {
                found.insert(group + "\u{0}" + entry.key.uppercased())
            }
        }
        for entry in inFO {
            let group = catalog.foKey(of: entry.fo ?? "") + "\u{0}" + (entry.foField ?? "").uppercased()
            var counts = outcome.counts[entry.entity, default: Counts()]
            counts.registered += 1
            if !checked.contains(group) {
                counts.notChecked += 1
                outcome.notChecked.append(entry)
            } else if found.contains(group + "\u{0}" + entry.key.uppercased()) {
                counts.found += 1
            } else {
                counts.notFound += 1
                outcome.notFound.append(entry)
            }
            outcome.counts[entry.entity] = counts
        }
        return outcome
    }

    /// Streams an F&O file's key field, keeping the values of `wanted` it holds in `company` (when the file has
    /// `DATAAREAID`).
    private struct KeyColumnConsumer: FORecordConsumer {
        let map: FOColumnMap
        let field: String
        let company: String
        let wanted: Set<String>
        var found: Set<String> = []
        private var keyColumn: Int?
        private var companyColumn: Int?

        init(map: FOColumnMap, field: String, company: String, wanted: Set<String>) {
            self.map = map
            self.field = field
            self.company = company
            self.wanted = wanted
        }

        mutating func addColumn(_ name: String, at index: Int) throws {
            let column = (map.entityField(for: name) ?? name).uppercased()
            if column == field { keyColumn = index }
            if column == "DATAAREAID" { companyColumn = index }
        }

        mutating func consume(_ record: some FORecordView, line: Int) throws {
            guard let keyColumn, keyColumn < record.count else { return }
            if let companyColumn, companyColumn < record.count {
                let inCompany = record.withValue(companyColumn) { bytes in
                    bytes.map { String(decoding: $0, as: UTF8.self).trimmingASCIIWhitespace().uppercased() == company } ?? false
                }
                guard inCompany else { return }
            }
            let key = record.withValue(keyColumn) { bytes in
                bytes.map { String(decoding: $0, as: UTF8.self).trimmingASCIIWhitespace().uppercased() } ?? ""
            }
            if wanted.contains(key) { found.insert(key) }
        }
    }
}
