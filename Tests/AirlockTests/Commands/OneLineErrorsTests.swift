import AirlockKit
import Foundation
import Testing

/// Bad input and a bad environment get one clear line on stderr and exit 2: an output folder that cannot be
/// written, a package that cannot be read (empty, cut short, not a zip), and the two exports given the wrong way
/// round.
struct OneLineErrorsTests {
    static func oneLine(_ arguments: [String]) throws -> String {
        let result = try AirlockRunner.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Error Domain"), "\(result.stderr)")
        return String(lines.first ?? "")
    }

    @Test func anOutputFolderThatCannotBeMadeIsOneLine() throws {
        let folder = try Fixture.scratchDirectory("airlock-one-line")
        let file = folder + "/a-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let convert = try Self.oneLine([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", file + "/out",
        ])
        #expect(convert.contains("cannot create the staging folder (Not a directory)"), "\(convert)")
        let sample = try Self.oneLine(["sample", "--out", file + "/pair"])
        #expect(sample.hasSuffix("cannot create the output folder (Not a directory)"), "\(sample)")
        let diff = try Self.oneLine(["diff", "--old", ConvertFixture.sampleFO, "--new", ConvertFixture.sampleFO, "--out", file + "/d"])
        #expect(diff.contains("(Not a directory)"), "\(diff)")
    }

    @Test func anEmptyACutShortAndANonZipFileSaySo() throws {
        let folder = try Fixture.scratchDirectory("airlock-one-line")
        let empty = folder + "/empty.zip"
        try Data().write(to: URL(fileURLWithPath: empty))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: ConvertFixture.sampleFO))
        let cut = folder + "/cut.zip"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let text = folder + "/text.zip"
        try Data("not a zip\n".utf8).write(to: URL(fileURLWithPath: text))
        for verb in ["validate", "inspect"] {
            #expect(try Self.oneLine([verb, empty]).contains("the file is empty (0 bytes)"))
            #expect(try Self.oneLine([verb, cut]).contains("the zip is cut short or damaged"))
            #expect(try Self.oneLine([verb, text]).contains("the file is not a readable zip archive"))
        }
        let convert = try Self.oneLine(["convert", "--fo", cut, "--sales", ConvertFixture.sampleSales, "--out", folder + "/out"])
        #expect(convert.contains("cut.zip") && convert.contains("cut short"))
    }

    @Test func swappedExportsAskWhetherTheyWereSwapped() throws {
        let folder = try Fixture.scratchDirectory("airlock-one-line")
        let line = try Self.oneLine([
            "convert", "--fo", ConvertFixture.sampleSales, "--sales", ConvertFixture.sampleFO, "--out", folder + "/out",
        ])
        #expect(line.contains("did you swap them?"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    /// A manifest line without `InputFilePath`: `validate` reports fo.manifest.no-input-file, and `convert` refuses
    /// the export in the same words (the file found by the entity's name is not read), before anything is written.
    @Test func aManifestLineWithoutInputFilePathIsRefusedAsValidateReportsIt() throws {
        let folder = try Fixture.scratchDirectory("airlock-one-line")
        let source = try openPackageSource(path: ConvertFixture.sampleFO)
        let reader = try FOPackageReader(source: source)
        var manifest = reader.manifest
        let index = try #require(manifest.entities.firstIndex { $0.entityName == "Customers V2" })
        manifest.entities[index].inputFilePath = nil
        var entries: [String: [UInt8]] = [:]
        for member in source.members { entries[member.name] = try source.open(member.name).readAll() }
        entries[reader.manifestMember] = FOManifestWriter.manifestBytes(manifest)
        let fo = try ZipFixture.make(folder + "/no-input-file.zip", entries: entries)

        let validate = try AirlockRunner.run(["validate", fo])
        #expect(validate.status == 1)
        let finding = try #require(validate.stdout.split(separator: "\n").first { $0.contains("InputFilePath") })
        let reason = "the line has no InputFilePath, so F&O cannot tell which file holds the entity's data"
        #expect(finding.contains(reason) && finding.contains("Customers V2.csv"), "\(finding)")
        #expect(validate.stdout.contains("error fo.manifest.no-input-file"))

        let out = folder + "/out"
        let convert = try Self.oneLine(["convert", "--fo", fo, "--sales", ConvertFixture.sampleSales, "--out", out, "--no-ledger"])
        #expect(convert.hasPrefix("airlock: \(fo): Manifest.xml: entity Customers V2: \(reason)"), "\(convert)")
        #expect(convert.contains("fo.manifest.no-input-file"), "\(convert)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let plan = try Self.oneLine(["convert", "--fo", fo, "--sales", ConvertFixture.sampleSales, "--plan"])
        #expect(plan == convert)
    }
}
