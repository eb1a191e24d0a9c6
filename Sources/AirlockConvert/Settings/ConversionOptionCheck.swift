import AirlockIO
import AirlockMapping
import AirlockModel

/// Every refusal of `convert`'s options that needs no export, in one check run before anything is read or staged:
/// templates that do not hold against the catalog, unknown sides, locales and code pages, flows and entities, shard
/// options, `--assign-keys` and `--keymap` with a template set they do not key, two `--since` exports of one side, an
/// output folder that holds an input.
enum ConversionOptionCheck {
    /// The flows to run, once every option holds.
    /// - Throws: `AirlockError` naming the option and what it may be.
    static func check(_ options: ConversionOptions, settings: RunSettings, templates: TemplateSet, catalog: SchemaCatalog) throws
        -> Set<String>
    {
        if options.templatesDirectory != nil {
            let problems = TemplateCatalogCheck.problems(in: templates, catalog: catalog)
            if let first = problems.first {
                throw AirlockError(
                    .invalidTemplate,
                    "\(problems.count) template problem\(problems.count == 1 ? "" : "s") against the schema catalog; first: \(first)")
            }
        }
        if let master = options.master, master != "fo", master != "sales" {
            throw AirlockError(.usage, "--master names an unknown side '\(master)'; the sides are fo and sales")
        }
        if let locale = options.foLocale, FOLocale(name: locale) == nil {
            let known = FOLocale.allCases.map(\.rawValue).joined(separator: ", ")
            throw AirlockError(.usage, "--fo-locale names an unknown locale '\(locale)'; the locales are \(known)")
        }
        let selected = try selectFlows(options.only, templates: templates)
        try MissingTargetCheck.checkAllowed(options.allowMissingTargets ?? [], templates: templates, catalog: catalog)
        if let shard = options.shard { try Converter.checkShardOptions(options, shard: shard, templates: templates) }
        if options.partition != nil, options.shard == nil {
            throw AirlockError(.usage, "--partition is read by a shard: give --shard i/N (or auto) with it")
        }
        if settings.keys != nil {
            guard templates.set == .standard else {
                throw AirlockError(
                    .unsupported,
                    "--assign-keys numbers accounts and contacts as the Prospect to cash solution does (accountnumber, msdynce_contactnumber); the \(templates.set.rawValue) templates key contacts by other columns (convert without --assign-keys)"
                )
            }
            if options.shard != nil {
                throw AirlockError(.usage, "--assign-keys with --shard is not supported yet: convert with --assign-keys in one process")
            }
        }
        if options.keymap != nil, templates.set != .standard {
            throw AirlockError(
                .unsupported,
                "--keymap sets the Prospect to cash keys (accountnumber, msdynce_contactnumber, productnumber); the \(templates.set.rawValue) templates key contacts and products by other columns (convert without --keymap)"
            )
        }
        // At most one earlier export per side: told by their files, before the exports are read.
        if let since = options.since { _ = try SinceBaseline.locate(since) }
        try checkOutputDirectory(options)
        return selected
    }

    /// The flows to run: all, or those `--only` names (unknown names are an error listing the known ones).
    private static func selectFlows(_ only: [String]?, templates: TemplateSet) throws -> Set<String> {
        let all = templates.templates.map(\.name)
        guard let only, !only.isEmpty else { return Set(all) }
        for name in only where !all.contains(name) {
            throw AirlockError(.usage, "--only names an unknown flow '\(name)'; the flows are \(all.joined(separator: ", "))")
        }
        // A line flow is converted only with its header flow: a line's header is the header flow's verdict, so without
        // it every line whose header the target export does not already hold would be rejected.
        let selected = Set(only)
        var needs: [String] = []
        for template in templates.templates where selected.contains(template.name) {
            guard let parent = template.parent?.flow, !selected.contains(parent) else { continue }
            needs.append("\(template.name) needs \(parent)")
        }
        if !needs.isEmpty {
            var closed = only
            var added = true
            while added {
                added = false
                for template in templates.templates where closed.contains(template.name) {
                    if let parent = template.parent?.flow, !closed.contains(parent) {
                        closed.insert(parent, at: 0)
                        added = true
                    }
                }
            }
            throw AirlockError(
                .usage,
                "--only leaves out flows the flows it names need: \(needs.joined(separator: "; ")) (lines are converted with their headers; a header already in the target is found unchanged and not written again): --only \(closed.joined(separator: ","))"
            )
        }
        return selected
    }

    /// Refuses an output folder that holds an input, or that is not empty (without `--force`).
    static func checkOutputDirectory(_ options: ConversionOptions) throws {
        guard let output = options.outputDirectory else { return }
        try StagingDirectory.checkTarget(output, inputs: [options.foPath, options.salesPath], force: options.force)
    }
}
