import AirlockIO
import AirlockMapping
import AirlockModel

/// Every refusal of `convert`'s options that needs no export, in one check run before anything is read or staged:
/// templates that do not hold against the catalog, unknown sides, locales and code pages, flows and entities, shard
/// options, `--assign-keys` and `--keymap` with a template set they do not key, an output folder that holds an input.
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
        if let encoding = options.foEncoding, SingleByteCodePage(name: encoding) == nil {
            throw AirlockError(
                .usage, "--fo-encoding names an unknown code page '\(encoding)'; the code pages are \(SingleByteCodePage.names)")
        }
        let selected = try Converter.selectFlows(options.only, templates: templates)
        try MissingTargetCheck.checkAllowed(options.allowMissingTargets ?? [], templates: templates, catalog: catalog)
        if let shard = options.shard { try Converter.checkShardOptions(options, shard: shard, templates: templates) }
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
        try Converter.checkOutputDirectory(options)
        return selected
    }
}
