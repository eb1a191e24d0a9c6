import AirlockModel
import AirlockPackages
import AirlockValidate
import Testing

@testable import AirlockConvert

/// What the package jobs keep of the exports while they write and validate: the Sales export's record ids and the F&O
/// export's parent tables, answering as the whole exports would, without holding on to the exports themselves.
struct PackageJobTargetsTests {
    /// Holds what a job is given, to see whether the job keeps it.
    final class Holder<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    @Test func theSalesRecordsAnswerFromTheIdsAloneAndLetTheExportGo() throws {
        var accounts = CMTEntityData(name: "account", fieldNames: ["accountid", "name"])
        for row in 0..<300 {
            let id = String(format: "7a8e6c3b-1111-4c2e-8f00-%012x", row)
            try accounts.append(
                CMTRecord(id: id, fields: [CMTFieldValue(name: "accountid", value: id), CMTFieldValue(name: "name", value: "A \(row)")]))
        }
        var export: SalesExport? = SalesExport(package: CMTPackage(schema: CMTSchema(), data: CMTData(entities: [accounts])))
        weak let released = export
        let records = SalesExportRecords(export: try #require(export))
        export = nil
        #expect(released == nil)
        #expect(records.holds(entity: "account", id: "7a8e6c3b-1111-4c2e-8f00-00000000012b"))
        #expect(records.holds(entity: "account", id: "7A8E6C3B-1111-4C2E-8F00-00000000012B"))
        #expect(!records.holds(entity: "account", id: "7a8e6c3b-1111-4c2e-8f00-00000000012c"))
        #expect(!records.holds(entity: "contact", id: "7a8e6c3b-1111-4c2e-8f00-00000000012b"))
    }

    @Test func theFOKeysHoldTheParentTablesAloneAndLetTheExportGo() throws {
        var headers = Table(name: "SalesOrderHeaderCDSEntity", columnNames: ["SALESORDERNUMBER"])
        var lines = Table(name: "SalesOrderLineCDSEntity", columnNames: ["SALESORDERNUMBER"])
        for row in 0..<50 {
            try headers.appendRow(["SO-\(row)"])
            try lines.appendRow(["SO-\(row)"])
        }
        var export: Holder<[String: Table]>? = Holder(["SalesOrderHeaderCDSEntity": headers, "SalesOrderLineCDSEntity": lines])
        weak let released = export
        let asked = LockedValueBox<[String]>([])
        let keys: FOExportKeys
        do {
            let held = try #require(export)
            keys = FOExportKeys.ofParents { name in
                asked.withLockedValue { $0.append(name) }
                return held.value[name]
            }
        }
        export = nil
        #expect(released == nil)
        #expect(asked.withLockedValue { Set($0) } == Set(FOEntityReference.known.flatMap(\.parents)))
        #expect(keys.holds(entities: ["SalesOrderHeaderCDSEntity"], fields: ["SALESORDERNUMBER"], values: ["so-7"]))
        #expect(!keys.holds(entities: ["SalesOrderHeaderCDSEntity"], fields: ["SALESORDERNUMBER"], values: ["SO-50"]))
        // A table that is no parent is not kept: a child's own lines are not where its parents are looked for.
        #expect(!keys.holds(entities: ["SalesOrderLineCDSEntity"], fields: ["SALESORDERNUMBER"], values: ["SO-7"]))
    }
}
