import AirlockMapping

extension FlowScheduler {
    /// Each flow's work as the scheduler estimates it: its source records times its fields (each record is read,
    /// mapped and checked field by field).
    static func estimatedCosts(of order: [MappingTemplate], context: ConversionContext) -> [String: Int] {
        var costs: [String: Int] = [:]
        for template in order {
            let rows: Int =
                switch template.source.side {
                case .fo: ((try? context.fo.table(template.source.entity)) ?? nil)?.rowCount ?? 0
                case .sales: context.sales.table(template.source.entity)?.rowCount ?? 0
                }
            costs[template.name] = rows * (template.fields.count + 1)
        }
        return costs
    }
}
