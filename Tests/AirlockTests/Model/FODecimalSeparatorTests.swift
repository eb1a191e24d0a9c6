import Testing

@testable import AirlockKit
@testable import AirlockValidate

/// The decimal separator of an F&O file, learnt from its numbers (and de-DE dates) the same way by `validate`
/// and `convert`.
@Suite struct FODecimalSeparatorTests {
    private static func evidence(_ text: String) -> FODecimalSeparatorDetector.Evidence {
        var text = text
        return text.withUTF8 { FODecimalSeparatorDetector.evidence(UnsafeRawBufferPointer($0)) }
    }

    private static func detector(reading values: [String], pinned: FOLocale? = nil) -> FODecimalSeparatorDetector {
        var detector = FODecimalSeparatorDetector(pinned: pinned)
        for var value in values { _ = value.withUTF8 { detector.read(UnsafeRawBufferPointer($0)) } }
        return detector
    }

    @Test func eachValueSaysWhatItCan() {
        #expect(Self.evidence("12.50") == .point)
        #expect(Self.evidence("-0,5") == .comma)
        #expect(Self.evidence("12,50") == .comma)
        #expect(Self.evidence("12,5000") == .comma)
        #expect(Self.evidence("1,234") == .ambiguousComma, "a decimal comma or a grouped thousand")
        #expect(Self.evidence("1.234,56") == .comma)
        #expect(Self.evidence("1,234.56") == .point)
        #expect(Self.evidence("1.234.567") == .comma)
        #expect(Self.evidence("1,234,567") == .point)
        #expect(Self.evidence("100") == .none)
        #expect(Self.evidence("1.2E+05") == .none)
        #expect(Self.evidence("Yes") == .none)
        #expect(Self.evidence("") == .none)
    }

    @Test func theMajorityOfTheNumbersDecides() {
        var damaged = Self.detector(reading: ["12.50", "7", "12,50", "3.25", "1,5"])
        #expect(!damaged.isDecided)
        #expect(damaged.decide() == UInt8(ascii: "."), "two damaged values do not turn the file around")
        var german = Self.detector(reading: ["12,50", "1,234", "3,25"])
        #expect(german.decide() == UInt8(ascii: ","))
        var silent = Self.detector(reading: ["1,234", "100"])
        #expect(silent.decide() == UInt8(ascii: "."), "ambiguous values alone leave F&O's default")
        let window = Self.detector(reading: Array(repeating: "1,5", count: FODecimalSeparatorDetector.window))
        #expect(window.separator == UInt8(ascii: ","), "decided once the window is full")
        #expect(Self.detector(reading: ["12,50"], pinned: .enUS).separator == UInt8(ascii: "."))
    }

    @Test func dottedDatesSettleTheCommaUnlessTheNumbersSpokeForThePoint() {
        var ambiguous = Self.detector(reading: ["1,500"])
        ambiguous.settle(by: .deDE)
        #expect(ambiguous.separator == UInt8(ascii: ","))
        var point = Self.detector(reading: ["12.50"])
        point.settle(by: .deDE)
        #expect(!point.isDecided)
        var british = Self.detector(reading: ["1,500"])
        british.settle(by: .enGB)
        #expect(!british.isDecided, "day-first slashed dates are also a decimal-comma locale's (fr-FR)")
    }

    @Test func validateChecksTheValuesThatWaitedOnceTheFileDecides() throws {
        let lines = [["SO-1", "1", "USMF", "3", "P-1000"], ["SO-2", "1", "USMF", "2", "P-1001"]]
        func headers(_ amounts: [String], dates: [String]) -> [[String]] {
            [
                ["SO-1", "USD", "USMF", amounts[0], dates[0], "Confirmed", "Yes"],
                ["SO-2", "EUR", "USMF", amounts[1], dates[1], "Invoiced", "No"],
            ]
        }
        let thousands = ["\"1,500\"", "\"2,750\""]
        let open = try FOOrderPackage.validate(
            FOOrderPackage.members(headers: headers(thousands, dates: ["2026-03-11", "2026-03-12"]), lines: lines))
        #expect(open.map(\.rule) == [ValidationRules.foValueSpreadsheet.id, ValidationRules.foValueSpreadsheet.id])
        #expect(open.map(\.line) == [2, 3] && open.map(\.record) == ["USMF / SO-1", "USMF / SO-2"])
        #expect(open.first?.message.contains("--fo-locale de-DE") == true)
        let german = try FOOrderPackage.validate(
            FOOrderPackage.members(headers: headers(thousands, dates: ["11.03.2026", "12.03.2026"]), lines: lines))
        #expect(german.isEmpty, "the dotted dates settle the comma: \(german.map(\.message))")
        let mixed = try FOOrderPackage.validate(
            FOOrderPackage.members(
                headers: headers(["\"12,50\"", "\"3,25\""], dates: ["2026-03-11", "2026-03-12"]),
                lines: [
                    ["SO-1", "1", "USMF", "1.5", "P-1000"], ["SO-2", "1", "USMF", "2", "P-1001"],
                ]))
        #expect(mixed.isEmpty, "each file decides for itself: \(mixed.map(\.message))")
    }

    @Test func convertReadsTheFileAsValidateDoes() throws {
        let folder = try Fixture.scratchDirectory("airlock-decimal")
        // One file's decimals written with a comma (as a re-save in a comma locale writes them), the others not.
        let prices = folder + "/prices.zip"
        let commas = folder + "/fo-export.zip"
        try FOExportRewriter.rewrite(
            export: ConvertFixture.sampleFO, output: prices, label: "Sellable released products", column: "SALESPRICE"
        ) { $0.replacingOccurrences(of: ".", with: ",") }
        try FOExportRewriter.rewrite(export: prices, output: commas, label: "Sellable released products", column: "UNITCOST") {
            $0.replacingOccurrences(of: ".", with: ",")
        }
        let catalog = try SchemaCatalogLoader.bundled()
        #expect(try PackageValidator.validate(path: commas, catalog: catalog).errors == 0)
        let plain = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        let learnt = try ConvertFixture.convert(fo: commas, sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        #expect(learnt.report.flows.mapValues(\.counts) == plain.report.flows.mapValues(\.counts))
        #expect(learnt.report.flows["products"]?.rejected == 0)
    }
}
