import AirlockMapping
import AirlockModel

/// What to do after a conversion, in order: which package goes into which system and how, then how to prove what
/// landed (docs/runbook.md, steps 8 to 10). Shown after the summary and on the page, so that nobody has to put
/// the to-do list together by hand.
extension ConversionReport {
    /// The next steps, one per line, numbered; empty for a dry run (nothing was written).
    public var nextSteps: [String] {
        guard !options.dryRun, let folder = options.outputDirectory else { return [] }
        if refused {
            return [
                "Fix the errors the validation of the packages names (\(RunLayout.conversionPage), \"Validation of the outputs\"), then convert again: no package was handed over."
            ]
        }
        var steps: [String] = []
        let rejected = totals.rejected
        if rejected > 0 {
            let files = flowOrder.compactMap { flows[$0]?.rejectFile }.count
            steps.append(
                "Review the \(rejected) rejected record\(rejected == 1 ? "" : "s") in \(folder)/\(RunLayout.rejectsFolder)/ (\(files) file\(files == 1 ? "" : "s"), every reason per record): fix them in the source and convert again, or accept that they stay behind."
            )
        }
        let fo = outputs[RunLayout.foPackage] != nil
        let sales = outputs[RunLayout.salesPackage] != nil
        let prerequisites = plan?.beforeImport ?? []
        if (fo || sales) && ImportPrerequisite.needsAction(prerequisites) {
            let values = prerequisites.filter { $0.status != .held }.reduce(0) { $0 + $1.values.count + $1.otherValues }
            steps.append(
                "Make sure the targets hold the \(values) reference value\(values == 1 ? "" : "s") listed under \"Before you import\" that the exports could not confirm: set them up first, or change the values in the templates."
            )
        }
        if let importPlan, fo || sales {
            let batches = importPlan.batches
            let foBatches = batches.filter { $0.system == "F&O" }.map(\.file)
            let salesBatches = batches.filter { $0.system != "F&O" }.map(\.file)
            func range(_ files: [String]) -> String {
                guard let first = files.first, let last = files.last else { return "" }
                return files.count == 1 ? first : "\(first) to \(last)"
            }
            var how: [String] = []
            if !foBatches.isEmpty {
                how.append("the F&O series (\(range(foBatches))) into legal entity \(company) through Data management → Import")
            }
            if !salesBatches.isEmpty {
                how.append(
                    "the Sales series (\(range(salesBatches))) with the Configuration Migration tool or `pac data import --data FILE`")
            }
            let independent = how.count > 1 ? "; the two series are independent (side by side or one after the other)" : ""
            steps.append(
                "Import the \(batches.count) batch\(batches.count == 1 ? "" : "es") in \(folder)/batches/ in the steps of \(folder)/batches/import-plan.txt, each after the one before it in its series has finished without errors: \(how.joined(separator: ", and "))\(independent). They hold the records of to-fo.zip and to-sales.zip, cut to size: import the batches or the single packages, never both."
            )
        }
        if fo, importPlan == nil {
            steps.append(
                "Import \(folder)/\(RunLayout.foPackage) into F&O, legal entity \(company): Data management → Import, source data format Package, add the file (docs/runbook.md, step 8); the package's own manifest orders the entities."
            )
        }
        if sales, importPlan == nil {
            let set = options.templateSet.flatMap(TemplateSetName.init(rawValue:)) ?? .standard
            let integration = set == .dualWrite ? " before dual-write is switched on with \"skip initial sync\"" : ""
            steps.append(
                "Import \(folder)/\(RunLayout.salesPackage) into Sales\(integration): the Configuration Migration tool (Import data) or `pac data import --data \(folder)/\(RunLayout.salesPackage)` (docs/runbook.md, step 9)\(fo ? "; it does not wait for the F&O import (either order, or both at once)" : "")."
            )
        }
        if fo || sales {
            let exports = [fo ? "--fo FO-AFTER.zip" : nil, sales ? "--sales SALES-AFTER.zip" : nil].compactMap { $0 }.joined(separator: " ")
            steps.append(
                "Export \(fo && sales ? "both systems" : fo ? "F&O" : "Sales") again after the import and prove what landed: airlock verify --run \(folder) \(exports)"
            )
        } else {
            // `--full` is worth a word only when there are unchanged records for it to write.
            let unchanged = totals.unchanged
            steps.append(
                unchanged > 0 && !options.full
                    ? "Nothing to import: no record was created or changed (`--full` writes the \(unchanged) unchanged one\(unchanged == 1 ? "" : "s") too)."
                    : "Nothing to import: no record was created or changed.")
        }
        return steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
}
