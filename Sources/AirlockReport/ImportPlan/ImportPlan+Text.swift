import AirlockIO

extension ImportPlan {
    /// `import-plan.txt`: each system's series of steps, each batch with its file, records, size and entities.
    public func text() -> String {
        let batches = self.batches
        var limits: [String] = []
        if let records = self.limits.records { limits.append("\(records.groupedText) records") }
        if let bytes = self.limits.bytes { limits.append("\(bytes.megabytes) MB") }
        let series = Self.systems.compactMap { system -> (system: String, steps: [Step])? in
            let steps = steps.filter { $0.batches.first?.system == system }
            return steps.isEmpty ? nil : (system, steps)
        }
        let counts = series.map { system, steps in
            let batches = steps.reduce(0) { $0 + $1.batches.count }
            return "\(system) \(batches) batch\(batches == 1 ? "" : "es") in \(steps.count) step\(steps.count == 1 ? "" : "s")"
        }
        var lines = [
            "Import plan: \(batches.count) batch\(batches.count == 1 ? "" : "es") (\(counts.joined(separator: "; ")))"
                + (limits.isEmpty ? "" : ", each package at most \(limits.joined(separator: " and "))"),
            "The F&O and the Sales series load independently: run them side by side, or one after the other. Within a series,",
            "import the steps in order, each only after the one before has finished without errors. The batches of one step hold",
            "different tables of one level and may be imported side by side; a step of one batch is imported alone.",
        ]
        for (system, steps) in series {
            lines += ["", "\(system) series"]
            lines += stepLines(steps)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The systems, in the order the plan lists their series.
    static let systems = ["F&O", "Sales"]

    private func stepLines(_ steps: [Step]) -> [String] {
        var lines: [String] = []
        for step in steps {
            let together = step.batches.count > 1 ? " (side by side)" : ""
            lines.append("Step \(step.number)\(together)")
            for batch in step.batches {
                let entities = batch.sections.map { section in
                    "\(section.entity) \(section.records.groupedText)\(section.continues ? " (continues)" : "")"
                }
                lines.append(
                    "  \(batch.system.padding(toLength: 6, withPad: " ", startingAt: 0))batches/\(batch.file)  "
                        + "\(batch.records.groupedText) records, \(batch.bytes.megabytes) MB, sha256 \(batch.sha256.prefix(16))…: "
                        + entities.joined(separator: ", "))
            }
        }
        return lines
    }
}

extension Int {
    fileprivate var groupedText: String { HTMLText.number(self) }
}

extension Int64 {
    /// Megabytes as `--batch-mb` counts them (10^6 bytes), with two decimals.
    fileprivate var megabytes: String {
        let hundredths = (self * 100 + 500_000) / 1_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
