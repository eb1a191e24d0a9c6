import AirlockIO

extension InspectReport {
    /// The report for people: metadata, one line per entity, then warnings (of the files no manifest line names, the
    /// first `unnamedFilesListed`, and how many more).
    /// - Parameter showColumns: list every entity's columns under it.
    public func text(showColumns: Bool = false) -> String {
        var lines: [String] = []
        let kindName = kind == "fo" ? "Finance and Operations data package" : "Configuration Migration package (Sales)"
        lines.append("\(path): \(kindName)")
        if let group = metadata.definitionGroup { lines.append("  definition group: \(group)") }
        if let description = metadata.description { lines.append("  description:      \(description)") }
        if let version = metadata.packageVersion { lines.append("  package version:  \(version)") }
        if kind == "cmt" { lines.append("  exported:         \(metadata.exportTimestamp ?? "(no timestamp)")") }
        let total = entities.reduce(0) { $0 + $1.records }
        lines.append("  \(entities.count) entities, \(total) records")
        lines.append("")
        let header = ["ENTITY", "TECHNICAL NAME", "FILE", "FORMAT", "ENCODING", "RECORDS", "COLUMNS"]
        var rows = [header]
        for entity in entities {
            rows.append([
                entity.name, entity.technicalName ?? "-", entity.file, entity.format, entity.encoding ?? "-",
                String(entity.records), String(entity.columns.count),
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for (index, row) in rows.enumerated() {
            let cells = row.indices.map { column -> String in
                let cell = row[column]
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column >= 5 ? pad + cell : cell + pad
            }
            lines.append("  " + cells.joined(separator: "  ").trimmingTrailingSpaces())
            if showColumns, index > 0 {
                lines.append("      columns: " + entities[index - 1].columns.joined(separator: ", "))
            }
        }
        if !warnings.isEmpty {
            lines.append("")
            lines.append("  warnings:")
            let suffix = ": " + Self.unnamedFileWarning
            let unnamed = warnings.count(where: { $0.hasSuffix(suffix) })
            var listed = 0
            for warning in warnings {
                if warning.hasSuffix(suffix) {
                    listed += 1
                    if listed > Self.unnamedFilesListed { continue }
                    lines.append("  - \(warning)")
                    if listed == Self.unnamedFilesListed, unnamed > listed {
                        let more = unnamed - listed
                        lines.append(
                            "  - … and \(HTMLText.number(more)) more file\(more == 1 ? "" : "s") that no manifest line names (inspect --json lists every one)"
                        )
                    }
                } else {
                    lines.append("  - \(warning)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
