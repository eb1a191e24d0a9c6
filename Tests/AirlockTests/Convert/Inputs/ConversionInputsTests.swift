import AirlockIO
import AirlockKit
import AirlockMapping
import AirlockModel
import Testing

@testable import AirlockConvert

/// How `convert` reads its two exports: the schedule it picks, and that both schedules read the same tables.
struct ConversionInputsTests {
    @Test func aSmallFOExportIsReadInTheBackgroundAndALargeOneShared() throws {
        let sales = SizedSource(sizes: [1_000, 3_000])
        #expect(ConversionInputs.schedule(fo: SizedSource(sizes: [600, 400]), sales: sales) == .foInBackground)
        #expect(ConversionInputs.schedule(fo: SizedSource(sizes: [1_000, 1]), sales: sales) == .shared)
        // Sizes the source cannot tell count as nothing; an empty Sales export leaves nothing to share with.
        #expect(ConversionInputs.schedule(fo: SizedSource(sizes: [nil, 2_000]), sales: sales) == .shared)
        #expect(ConversionInputs.schedule(fo: SizedSource(sizes: [1]), sales: SizedSource(sizes: [nil])) == .shared)
    }

    @Test func bothSchedulesReadTheSameTables() throws {
        let folder = try Fixture.scratchDirectory()
        let paths = try SampleGenerator.write(to: folder, accounts: 60, seed: 11)
        let options = ConversionOptions(foPath: paths[0], salesPath: paths[1], outputDirectory: nil)
        let templates = try TemplateLoader.load(directoryOrBundled: nil)
        let catalog = try SchemaCatalogLoader.bundled()
        let background = try ConversionInputs.read(options, templates: templates, catalog: catalog, schedule: .foInBackground)
        let shared = try ConversionInputs.read(options, templates: templates, catalog: catalog, schedule: .shared)
        #expect(background.sales == shared.sales)
        #expect(background.foTables.map(\.0) == shared.foTables.map(\.0))
        #expect(background.foTables.map(\.1) == shared.foTables.map(\.1))
        #expect(!background.foTables.isEmpty)
    }

    @Test func aBrokenSalesExportFailsTheBackgroundScheduleWithItsOwnError() throws {
        let folder = try Fixture.scratchDirectory()
        let paths = try SampleGenerator.write(to: folder, accounts: 10, seed: 11)
        let good = try openPackageSource(path: paths[1])
        var entries: [String: [UInt8]] = [:]
        for member in good.members { entries[member.name] = try good.open(member.name).readAll() }
        let data = try #require(entries["data.xml"])
        entries["data.xml"] = Array(data.prefix(data.count / 2))
        let broken = try ZipFixture.make(folder + "/broken-sales.zip", entries: entries)
        let options = ConversionOptions(foPath: paths[0], salesPath: broken, outputDirectory: nil)
        let error = #expect(throws: AirlockError.self) {
            try ConversionInputs.read(
                options, templates: try TemplateLoader.load(directoryOrBundled: nil), catalog: try SchemaCatalogLoader.bundled(),
                schedule: .foInBackground)
        }
        #expect(error?.location.file == broken)
        #expect(error?.location.entry == "data.xml")
    }
}

/// A package source that only lists members of given sizes.
private final class SizedSource: PackageSource {
    let path = "sized.zip"
    let members: [PackageMember]

    init(sizes: [Int64?]) {
        members = sizes.enumerated().map { PackageMember(name: "m\($0.offset)", size: $0.element) }
    }

    func open(_ name: String) throws -> ByteStream {
        throw AirlockError(.missingMember, "not readable", at: location(of: name))
    }
}
