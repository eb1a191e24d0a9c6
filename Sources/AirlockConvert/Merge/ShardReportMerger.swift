import AirlockReconcile
import AirlockReport

/// The report of a merged run from its shards' reports: each flow's counts added up (a tree flow's records are
/// counted by the shard that owns them, reference data by shard 0), the warnings of all shards once each in shard
/// order, and the plan's counts added up the same way.
enum ShardReportMerger {
    /// The shards' reports (in shard order) as one run's, without outputs and validation (merge adds those).
    static func merged(_ reports: [ConversionReport]) -> ConversionReport {
        guard var result = reports.first else {
            preconditionFailure("merge has at least one shard")
        }
        result.outputs = [:]
        result.validation = [:]
        result.refused = false
        result.importPlan = nil
        result.shards = nil
        result.flows = [:]
        result.totals = ConversionReport.Totals()
        result.warnings = []
        for report in reports {
            for (name, flow) in report.flows.sorted(by: { $0.key < $1.key }) {
                result.flows[name] = result.flows[name].map { add(flow, to: $0) } ?? flow
                result.totals.counts += flow.counts
                result.totals.written += flow.written
            }
            for warning in report.warnings where !result.warnings.contains(warning) { result.warnings.append(warning) }
        }
        result.plan = mergedPlan(reports.compactMap(\.plan))
        return result
    }

    private static func add(_ flow: ConversionReport.Flow, to total: ConversionReport.Flow) -> ConversionReport.Flow {
        var sum = total
        sum.counts += flow.counts
        sum.written += flow.written
        sum.filteredBy = adding(flow.filteredBy, to: sum.filteredBy)
        sum.updatedFields = adding(flow.updatedFields, to: sum.updatedFields)
        sum.keptValues = adding(flow.keptValues, to: sum.keptValues)
        sum.keptByMaster = adding(flow.keptByMaster, to: sum.keptByMaster)
        sum.unresolvedLookups = adding(flow.unresolvedLookups, to: sum.unresolvedLookups)
        sum.fieldChanges = adding(flow.fieldChanges, to: sum.fieldChanges)
        for (kind, generated) in flow.generated {
            if var known = sum.generated[kind] {
                known.created += generated.created
                known.updated += generated.updated
                known.unchanged += generated.unchanged
                sum.generated[kind] = known
            } else {
                sum.generated[kind] = generated
            }
        }
        sum.rejectFile = sum.rejectFile ?? flow.rejectFile
        return sum
    }

    private static func adding(_ counts: [String: Int], to total: [String: Int]) -> [String: Int] {
        total.merging(counts, uniquingKeysWith: +)
    }

    /// Field changes added up; the example is the first shard's that has one.
    private static func adding(_ changes: [String: FieldChange], to total: [String: FieldChange]) -> [String: FieldChange] {
        total.merging(changes) { first, second in FieldChange(records: first.records + second.records, from: first.from, to: first.to) }
    }

    private static func mergedPlan(_ plans: [ConversionPlan]) -> ConversionPlan? {
        guard var result = plans.first else { return nil }
        for plan in plans.dropFirst() {
            for (name, flow) in plan.flows {
                guard var sum = result.flows[name] else {
                    result.flows[name] = flow
                    continue
                }
                sum.read += flow.read
                sum.converted += flow.converted
                sum.sourceMissing = sum.sourceMissing && flow.sourceMissing
                sum.missingTarget = sum.missingTarget ?? flow.missingTarget
                sum.filteredBy = adding(flow.filteredBy, to: sum.filteredBy)
                sum.otherCauses += flow.otherCauses
                sum.unchangedNotInTarget += flow.unchangedNotInTarget
                sum.keptValues = adding(flow.keptValues, to: sum.keptValues)
                sum.keptByMaster = adding(flow.keptByMaster, to: sum.keptByMaster)
                sum.fieldChanges = adding(flow.fieldChanges, to: sum.fieldChanges)
                sum.settable = adding(flow.settable, to: sum.settable)
                sum.settableRecords += flow.settableRecords
                sum.rejected += flow.rejected
                sum.conditionalDefaults = adding(flow.conditionalDefaults, to: sum.conditionalDefaults)
                for cause in flow.rejectCauses {
                    if let position = sum.rejectCauses.firstIndex(where: {
                        $0.reason == cause.reason && $0.field == cause.field && $0.message == cause.message
                    }) {
                        sum.rejectCauses[position].records += cause.records
                    } else {
                        sum.rejectCauses.append(cause)
                    }
                }
                for reference in flow.assumedReferences {
                    if let position = sum.assumedReferences.firstIndex(where: {
                        $0.field == reference.field && $0.target == reference.target && $0.value == reference.value
                    }) {
                        if let records = reference.records {
                            sum.assumedReferences[position].records = (sum.assumedReferences[position].records ?? 0) + records
                        }
                    } else {
                        sum.assumedReferences.append(reference)
                    }
                }
                result.flows[name] = sum
            }
            result.beforeImport = adding(plan.beforeImport, to: result.beforeImport)
        }
        return result
    }

    /// The conditional defaults of two shards as one, field by field: the counts added up, the records' own values
    /// too (most records first, at most `causeLimit`), the first shard's examples first.
    private static func adding(
        _ defaults: [ConversionPlan.ConditionalDefault], to total: [ConversionPlan.ConditionalDefault]
    ) -> [ConversionPlan.ConditionalDefault] {
        var result = total
        for item in defaults {
            guard let position = result.firstIndex(where: { $0.field == item.field }) else {
                result.append(item)
                continue
            }
            var sum = result[position]
            sum.defaulted += item.defaulted
            sum.fromFallback += item.fromFallback
            sum.withheld += item.withheld
            sum.contradicted += item.contradicted
            sum.contradictedWithheld += item.contradictedWithheld
            let own = adding(item.ownValues, to: sum.ownValues).sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            sum.ownValues = Dictionary(uniqueKeysWithValues: own.prefix(ConversionPlan.causeLimit).map { ($0.key, $0.value) })
            sum.examples = Array((sum.examples + item.examples).prefix(ConversionPlan.ConditionalDefault.exampleLimit))
            result[position] = sum
        }
        return result
    }

    /// "Before you import" of two shards as one: per system, kind of record and status, the records added up and the
    /// values and flows of both, in `ImportPrerequisiteList`'s order.
    private static func adding(_ list: [ImportPrerequisite], to total: [ImportPrerequisite]) -> [ImportPrerequisite] {
        var result = total
        for item in list {
            guard
                let position = result.firstIndex(where: { $0.system == item.system && $0.target == item.target && $0.status == item.status }
                )
            else {
                result.append(item)
                continue
            }
            var sum = result[position]
            let values = Set((sum.values + item.values).map { $0 }).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
            sum.values = Array(values.prefix(ImportPrerequisite.valueLimit))
            sum.otherValues = max(sum.otherValues, item.otherValues, values.count - ImportPrerequisite.valueLimit)
            sum.records += item.records
            for flow in item.flows where !sum.flows.contains(flow) { sum.flows.append(flow) }
            result[position] = sum
        }
        let statuses = ImportPrerequisite.Status.allCases
        return result.sorted {
            ($0.system == "F&O" ? 0 : 1, $0.target, statuses.firstIndex(of: $0.status) ?? 0)
                < ($1.system == "F&O" ? 0 : 1, $1.target, statuses.firstIndex(of: $1.status) ?? 0)
        }
    }
}
