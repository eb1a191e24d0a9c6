import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `to-sales.zip`'s `data.xml` deflated in sections by processes of their own and joined by the merge.
///
/// `merge --step sales` lays out and validates `data.xml` and writes it plain (`ShardMergePackage.PlainData`); each
/// `merge --step deflate --range i/N` deflates its share of the member's sections (`SectionedDeflater`) into a folder
/// of its own; the merge then joins the runs into the package without deflating again (`CMTPackageWriter`'s
/// `write(schemaFile:to:joiningData:)`). The sections are cut by size from `data.xml` alone, as the single run cuts
/// them, so the joined package is byte for byte the single run's, whatever N.
public enum ShardSalesSections {
    /// The folder of `.merge/` that holds the deflated runs, one folder `part-i-of-N` each.
    static let folder = "sales-sections"
    static let deflateFile = "data.deflate"
    static let runFile = "run.json"

    /// What `merge --step deflate --range i/N` wrote: the `data.xml` it deflated (as the sales step described it, the
    /// file found the same before and after it was read), the range of its sections, and its run's CRC-32 and sizes.
    struct PartRun: Codable, Equatable {
        var data: ShardMergePackage.PlainData
        var part: Int
        var parts: Int
        var firstSection: Int
        var sections: Int
        var run: DeflatedRun
    }

    /// The sections of `data` that part `index` of `count` deflates: an even share of them, in order.
    static func sections(of data: ShardMergePackage.PlainData, part index: Int, of count: Int) -> Range<Int> {
        // An empty member is one empty section, which the part that holds it ends the stream with.
        let total = max(1, Int((data.identity.size + Int64(data.sectionSize) - 1) / Int64(data.sectionSize)))
        return (index * total / count)..<((index + 1) * total / count)
    }

    /// Deflates part `range` of the sections of the `data.xml` that `merge --step sales` wrote into `run`'s `.merge/`
    /// folder, into `.merge/sales-sections/part-i-of-N/`; returns what to show.
    /// - Throws: `AirlockError(.usage)` when the sales step has not been run (or wrote no `piece.json`), `.io` when its
    ///   `data.xml` is not the file it wrote (another size, or written since), changes while it is read or cannot be
    ///   read, or the run cannot be written.
    public static func deflate(run: String, range: ShardSelection, progress: @Sendable (String) -> Void = { _ in }) throws -> String {
        let salesFolder = run + "/" + ShardMergePackage.folder + "/" + ShardMergePackage.sales.rawValue
        let piecePath = salesFolder + "/" + ShardMergePackage.pieceFile
        guard let pieceData = FileManager.default.contents(atPath: piecePath) else {
            throw AirlockError(
                .usage, "no \(ShardMergePackage.pieceFile) of merge --step sales: run that step first", at: SourceLocation(file: piecePath))
        }
        guard let piece = try? JSONDecoder().decode(ShardMergePackage.Piece.self, from: pieceData) else {
            throw AirlockError(
                .usage, "is not the piece.json of merge --step sales of this build: run that step again",
                at: SourceLocation(file: piecePath))
        }
        guard let data = piece.data else {
            return "Nothing to deflate: the shards hold no record of \(RunLayout.salesPackage).\n"
        }
        let dataPath = salesFolder + "/" + CMTPackage.dataMember
        try checkUnchanged(dataPath, data, since: "merge --step sales wrote it: run that step again")
        let size = data.identity.size
        let sections = Self.sections(of: data, part: range.index, of: range.count)
        let start = Int64(sections.lowerBound) * Int64(data.sectionSize)
        let end = min(Int64(sections.upperBound) * Int64(data.sectionSize), size)
        let target = run + "/" + ShardMergePackage.folder + "/" + folder + "/" + partFolder(range.index, of: range.count)
        let staging = try StagingDirectory(target: target, outputNames: [deflateFile, runFile])
        do {
            progress("deflating sections \(sections.lowerBound)..<\(sections.upperBound) of data.xml")
            let sink = try FileByteSink(path: staging.path(deflateFile))
            let location = SourceLocation(file: dataPath)
            let deflater = try SectionedDeflater(output: sink, sectionSize: data.sectionSize, location: location)
            // The file's bytes start to end: a plain member read from a point inside it.
            let member = MemberBytes(file: dataPath, form: .plain, offset: 0, storedBytes: size, bytes: size, crc32: nil)
            let point = MemberReadPoint(output: start, input: start, bits: 0, window: [])
            let bytes = MemberRange(member: member, point: point, start: start, count: end - start, location: location)
            try FileCopy.copy(try MemberRangeStream(bytes), to: deflater)
            let deflated = try deflater.finish(final: end == size && !sections.isEmpty)
            try sink.close()
            try checkUnchanged(dataPath, data, since: "it was read: run this step again")
            let part = PartRun(
                data: data, part: range.index, parts: range.count, firstSection: sections.lowerBound, sections: sections.count,
                run: deflated)
            try staging.write(try ReportJSON.data(part), to: runFile)
            try staging.commit()
            return "Deflated \(sections.count) section\(sections.count == 1 ? "" : "s") of data.xml (\(end - start) bytes into "
                + "\(deflated.outputBytes)) into \(target), for airlock merge to join.\n"
        } catch {
            staging.discard()
            throw error
        }
    }

    static func partFolder(_ index: Int, of count: Int) -> String { "part-\(index)-of-\(count)" }

    /// Refuses `data.xml` at `path` when it is no longer the file `data` describes (rewritten or changed `since`).
    private static func checkUnchanged(_ path: String, _ data: ShardMergePackage.PlainData, since: String) throws {
        let found = try FileIdentity.of(path)
        guard found != data.identity else { return }
        throw AirlockError(
            .io,
            found.size == data.identity.size
                ? "was written again or changed since \(since)"
                : "holds \(found.size) bytes where merge --step sales wrote \(data.identity.size); it changed since \(since)",
            at: SourceLocation(file: path))
    }

    /// Writes `to-sales.zip` at `path` from the members `merge --step sales` wrote plain into its folder of
    /// `mergeFolder` (described by `data`): `data.xml` joined from the runs `merge --step deflate` wrote when every
    /// part of one count is there and deflated this very `data.xml` (the file the step wrote, unchanged), else
    /// deflated here. Returns how many runs were joined (0: deflated here), or nil, having written nothing, when
    /// `data.xml` is no longer what the step wrote (the merge then writes the package from the shards).
    /// - Throws: `AirlockError(.io)` when the package cannot be written.
    static func join(mergeFolder: String, data: ShardMergePackage.PlainData, to path: String) throws -> Int? {
        let folder = mergeFolder + "/" + ShardMergePackage.sales.rawValue
        let schemaFile = folder + "/" + CMTPackage.schemaMember
        guard FileManager.default.fileExists(atPath: schemaFile) else { return nil }
        if let runs = completeRuns(in: mergeFolder + "/" + Self.folder, data: data) {
            try CMTPackageWriter.write(schemaFile: schemaFile, to: path, joiningData: runs)
            return runs.count
        }
        let dataPath = folder + "/" + CMTPackage.dataMember
        guard (try? FileIdentity.of(dataPath)) == data.identity else { return nil }
        let written = try CMTPackageWriter.write(schemaFile: schemaFile, to: path, dataFile: dataPath, sectionSize: data.sectionSize)
        guard (try? FileIdentity.of(dataPath)) == data.identity, written.inputBytes == data.identity.size else {
            unlink(path)
            return nil
        }
        return 0
    }

    /// The runs of one count of parts that together deflated `data`, in order, each file the size its run says; nil
    /// when no count has all its parts (the deflate steps not run, one failed, or they deflated another `data.xml`).
    static func completeRuns(in folder: String, data: ShardMergePackage.PlainData) -> [(file: String, run: DeflatedRun)]? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var byCount: [Int: [Int: (file: String, part: PartRun)]] = [:]
        for name in names {
            let runPath = folder + "/" + name + "/" + runFile
            guard let bytes = FileManager.default.contents(atPath: runPath),
                let part = try? JSONDecoder().decode(PartRun.self, from: bytes), part.data == data,
                name == partFolder(part.part, of: part.parts),
                part.firstSection..<(part.firstSection + part.sections) == sections(of: data, part: part.part, of: part.parts)
            else { continue }
            let file = folder + "/" + name + "/" + deflateFile
            guard (try? FileStatus.of(file).size) == part.run.outputBytes else { continue }
            byCount[part.parts, default: [:]][part.part] = (file, part)
        }
        for count in byCount.keys.sorted() {
            guard let parts = byCount[count], parts.count == count else { continue }
            let runs = (0..<count).compactMap { parts[$0] }.map { (file: $0.file, run: $0.part.run) }
            guard runs.count == count else { continue }
            let joined = runs.dropFirst().reduce(runs[0].run) { $0.followed(by: $1.run) }
            guard joined.inputBytes == data.identity.size else { continue }
            return runs
        }
        return nil
    }
}
