import AirlockMapping
import AirlockModel
import AirlockReconcile

extension ConversionContext {
    /// The context of a run over `inputs`: both exports as the flows read them, the legal entity converted (asked
    /// for, or the export's only one), and `--since`'s earlier exports indexed for the Sales entities `order` reads.
    /// - Throws: `CompanyResolver`'s refusal of a company the export lacks or an export of several without one asked
    ///   for; the earlier exports' readers' errors.
    convenience init(
        _ inputs: ConversionInputs, options: ConversionOptions, templates: TemplateSet, catalog: SchemaCatalog, order: [MappingTemplate],
        shardRows: ShardRowMap?, shardFlows: ShardFlowOwnership? = nil
    ) throws {
        let locale = options.foLocale.flatMap(FOLocale.init(name:))
        let fo = FOExport(reader: inputs.foReader, catalog: catalog, locale: locale)
        for (label, table) in inputs.foTables { fo.store(table, label: label) }
        let sales = SalesExport(package: inputs.sales)
        let company = try CompanyResolver.resolve(
            requested: options.company,
            found: try inputs.companies ?? CompanyResolver.companies(in: try fo.labels.compactMap { try fo.table($0) }))
        let since = try SinceBaseline.load(
            options.since ?? [], catalog: catalog, locale: locale, fileEncoding: options.foFileEncoding,
            salesEntities: order.filter { $0.source.side == .sales }.map(\.source.entity), newSales: sales)
        self.init(
            catalog: catalog, templates: templates, company: company, fo: fo, sales: sales, options: options, since: since,
            shardRows: shardRows, shardFlows: shardFlows)
    }
}
