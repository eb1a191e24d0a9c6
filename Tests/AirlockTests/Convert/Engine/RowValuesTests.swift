import AirlockModel
import Testing

@testable import AirlockConvert

/// The record a flow maps: a column reads the same whether it was set as text or as bytes, rows go to tables as set, and `reset` clears it.
struct RowValuesTests {
    @Test func textAndBytesReadTheSame() throws {
        var values = RowValues(count: 4)
        values[0] = "Contoso"
        let bytes = Array("Fabrikam, Inc.".utf8)
        bytes.withUnsafeBytes { values.setBytes(1, $0) }
        values[2] = ""
        values[3] = "dropped"
        values[3] = nil
        #expect(values[0] == "Contoso")
        #expect(values[1] == "Fabrikam, Inc.")
        #expect(values[2] == "")
        #expect(values[3] == nil)

        // Text set after bytes wins, and bytes after text.
        values[1] = "Litware"
        Array("Adatum".utf8).withUnsafeBytes { values.setBytes(0, $0) }
        #expect(values[1] == "Litware")
        #expect(values[0] == "Adatum")

        // A table row appended from the values holds what they read.
        var table = Table(name: "t", columnNames: ["a", "b", "c", "d"])
        try values.appendRow(to: &table)
        #expect(table.row(0) == ["Adatum", "Litware", "", nil])
        var keys = Table(name: "k", columnNames: ["b", "a"])
        try values.appendRow(to: &keys, positions: [1, 0])
        #expect(keys.row(0) == ["Litware", "Adatum"])

        values.reset()
        for position in 0..<4 { #expect(values[position] == nil) }
        Array("x".utf8).withUnsafeBytes { values.setBytes(3, $0) }
        #expect(values[3] == "x")
    }
}
