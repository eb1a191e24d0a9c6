import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The packages' large members deflated in sections by processes of their own and joined by the merge.
///
/// `merge --step sales` and `merge --step fo` lay out and validate their packages and write the members plain
/// (`ShardMergePackage.PlainMember`: `to-sales.zip`'s `data.xml`, every entity file of `to-fo.zip`, and the same
/// members of each batch they cut, `--batch-records`); each
/// `merge --step deflate --range i/N` deflates an even share of all those members' sections, counted across them
/// in order (`SectionedDeflater`), into a folder of its own; the merge then joins each member's runs into its package
/// without deflating again (`SectionedZipWriter.addJoinedEntry`). The sections are cut by size from each member
/// alone, as the single run cuts them, so the joined packages are byte for byte the single run's, whatever N.
public enum ShardPackageSections {
    /// The folder of `.merge/` that holds the deflated runs, one folder `part-i-of-N` each.
    static let folder = "sections"
    static let runFile = "run.json"

    /// One member's sections that a part deflated: which member, of which package (and of which of its batches, by
    /// file name; nil: the package's own), the range of its sections, the file (in the part's folder) holding their
    /// deflate bytes, and its run's CRC-32 and sizes.
    struct MemberRun: Codable, Equatable {
        var package: String
        var batch: String?
        var member: ShardMergePackage.PlainMember
        var firstSection: Int
        var sections: Int
        var file: String
        var run: DeflatedRun
    }

    /// What `merge --step deflate --range i/N` wrote: a run for each member its share of the sections touched.
    struct PartRun: Codable, Equatable {
        var part: Int
        var parts: Int
        var runs: [MemberRun]
    }

    /// A plain member of a package step: its package, its batch (nil: the package's own member), its file and what
    /// the step wrote.
    typealias StepMember = (package: ShardMergePackage, batch: String?, path: String, member: ShardMergePackage.PlainMember)

    /// The sections, counted across all members in order, that part `index` of `count` deflates: an even share.
    static func share(total: Int, part index: Int, of count: Int) -> Range<Int> {
        (index * total / count)..<((index + 1) * total / count)
    }

    /// Deflates part `range` of the sections of the members that `merge --step sales` and `merge --step fo` wrote into
    /// `run`'s `.merge/` folder, into `.merge/sections/part-i-of-N/`; returns what to show.
    /// - Throws: `AirlockError(.usage)` when a package step has not been run (or wrote no `piece.json` of this build),
    ///   `.io` when a member is not the file its step wrote (another size, or written since), changes while it is
    ///   read or cannot be read, or the run cannot be written.
    public static func deflate(run: String, range: ShardSelection, progress: @Sendable (String) -> Void = { _ in }) throws -> String {
        let members = try stepMembers(run: run)
        guard !members.isEmpty else {
            return "Nothing to deflate: the shards hold no record of \(RunLayout.salesPackage) or \(RunLayout.foPackage).\n"
        }
        let total = members.reduce(0) { $0 + $1.member.sectionCount }
        let share = share(total: total, part: range.index, of: range.count)
        var slices: [(member: StepMember, sections: Range<Int>, file: String)] = []
        var first = 0
        for (number, step) in members.enumerated() {
            let lower = max(share.lowerBound, first)
            let upper = min(share.upperBound, first + step.member.sectionCount)
            if lower < upper { slices.append((step, (lower - first)..<(upper - first), "member-\(number).deflate")) }
            first += step.member.sectionCount
        }
        for slice in slices {
            try checkUnchanged(
                slice.member.path, slice.member.member, since: "merge --step \(slice.member.package.rawValue) wrote it: run that step again"
            )
        }
        let target = run + "/" + ShardMergePackage.folder + "/" + folder + "/" + partFolder(range.index, of: range.count)
        let staging = try StagingDirectory(target: target, outputNames: [runFile] + slices.map(\.file))
        do {
            var runs: [MemberRun] = []
            var read: Int64 = 0
            var written: Int64 = 0
            for slice in slices {
                let (package, batch, path, member) = slice.member
                progress("deflating sections \(slice.sections.lowerBound)..<\(slice.sections.upperBound) of \(member.name)")
                let deflated = try deflate(path, member, sections: slice.sections, into: staging.path(slice.file))
                try checkUnchanged(path, member, since: "it was read: run this step again")
                runs.append(
                    MemberRun(
                        package: package.rawValue, batch: batch, member: member, firstSection: slice.sections.lowerBound,
                        sections: slice.sections.count, file: slice.file, run: deflated))
                read += deflated.inputBytes
                written += deflated.outputBytes
            }
            try staging.write(try ReportJSON.data(PartRun(part: range.index, parts: range.count, runs: runs)), to: runFile)
            try staging.commit()
            return "Deflated \(share.count) of \(total) section\(total == 1 ? "" : "s") of \(slices.count) member"
                + "\(slices.count == 1 ? "" : "s") (\(read) bytes into \(written)) into \(target), for airlock merge to join.\n"
        } catch {
            staging.discard()
            throw error
        }
    }

    static func partFolder(_ index: Int, of count: Int) -> String { "part-\(index)-of-\(count)" }

    /// The members the package steps wrote into `run`'s `.merge/` folder, `to-sales.zip`'s then `to-fo.zip`'s, each
    /// package's own then its batches'.
    /// - Throws: `AirlockError(.usage)` when a step wrote no `piece.json`, or one of another build.
    static func stepMembers(run: String) throws -> [StepMember] {
        try ShardMergePackage.allCases.flatMap { package -> [StepMember] in
            let stepFolder = run + "/" + ShardMergePackage.folder + "/" + package.rawValue
            let piece = try package.readPiece(in: run + "/" + ShardMergePackage.folder).piece
            let own = (piece.members ?? []).map { (package, String?.none, package.memberPath($0.name, in: stepFolder), $0) }
            return own
                + (piece.batches ?? []).flatMap { batch in
                    batch.members.map { member in
                        let path = ShardMergePackage.batchFolder(batch.batch, in: stepFolder) + "/" + member.name
                        return (package, batch.batch.fileName, path, member)
                    }
                }
        }
    }

    /// Deflates `sections` of `member` (the file at `path`) into a new file at `file`, ending the stream when they
    /// are its last.
    private static func deflate(
        _ path: String, _ member: ShardMergePackage.PlainMember, sections: Range<Int>, into file: String
    ) throws -> DeflatedRun {
        let size = member.identity.size
        let start = Int64(sections.lowerBound) * Int64(member.sectionSize)
        let end = min(Int64(sections.upperBound) * Int64(member.sectionSize), size)
        let sink = try FileByteSink(path: file)
        let location = SourceLocation(file: path)
        let deflater = try SectionedDeflater(output: sink, sectionSize: member.sectionSize, location: location)
        // The file's bytes start to end: a plain member read from a point inside it.
        let bytes = MemberBytes(file: path, form: .plain, offset: 0, storedBytes: size, bytes: size, crc32: nil)
        let point = MemberReadPoint(output: start, input: start, bits: 0, window: [])
        try FileCopy.copy(
            try MemberRangeStream(MemberRange(member: bytes, point: point, start: start, count: end - start, location: location)),
            to: deflater)
        let run = try deflater.finish(final: sections.upperBound == member.sectionCount)
        try sink.close()
        return run
    }

    /// Refuses the member at `path` when it is no longer the file `member` describes (rewritten or changed `since`).
    private static func checkUnchanged(_ path: String, _ member: ShardMergePackage.PlainMember, since: String) throws {
        let found = try FileIdentity.of(path)
        guard found != member.identity else { return }
        throw AirlockError(
            .io,
            found.size == member.identity.size
                ? "was written again or changed since \(since)"
                : "holds \(found.size) bytes where its step wrote \(member.identity.size); it changed since \(since)",
            at: SourceLocation(file: path))
    }

    /// What joining a package did: how many members were joined from runs deflated by the deflate steps (and from how
    /// many runs), how many were deflated here.
    struct Joined: Equatable {
        var members = 0
        var runs = 0
        var deflatedHere = 0

        /// Counts what `other` joined too.
        mutating func add(_ other: Joined) {
            members += other.members
            runs += other.runs
            deflatedHere += other.deflatedHere
        }

        /// How the merge took the package, for its progress line.
        var note: String {
            var parts: [String] = []
            if members > 0 {
                parts.append("\(members) member\(members == 1 ? "" : "s") joined from \(runs) deflated run\(runs == 1 ? "" : "s")")
            }
            if deflatedHere > 0 { parts.append("\(deflatedHere) deflated here") }
            return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
        }
    }

    /// Writes `package` (or its batch `batch`, by file name) at `path` from the members its step wrote plain into
    /// `plainFolder` (`members`, as its `piece.json` lists them): each joined from the runs `merge --step deflate`
    /// wrote into `mergeFolder` when they cover all its sections and deflated the file its step wrote (even if it
    /// changed since), else deflated here from that file, unchanged. Returns what was joined, or nil, having written
    /// nothing, when a member to deflate here is no longer what the step wrote or one is missing (the merge then
    /// writes the package from the shards, or cuts the batches itself).
    /// - Throws: `AirlockError(.io)` when the package cannot be written.
    static func join(
        _ package: ShardMergePackage, plainFolder: String, batch: String? = nil, mergeFolder: String,
        members: [ShardMergePackage.PlainMember], to path: String
    ) throws -> Joined? {
        let paths = members.map { plainFolder + "/" + $0.name }
        let parts = readParts(in: mergeFolder + "/" + folder)
        let found = members.map { runs(of: $0, package: package, batch: batch, parts: parts) }
        // A member joined from its runs is the file its step wrote; one deflated here must still be it.
        let unchanged = { members.indices.allSatisfy { found[$0] != nil || (try? FileIdentity.of(paths[$0])) == members[$0].identity } }
        guard unchanged() else { return nil }
        var joined = Joined()
        var shortened = false
        let add: (SectionedZipWriter, Int) throws -> Void = { archive, index in
            let member = members[index]
            if let runs = found[index] {
                try archive.addJoinedEntry(name: member.name, runs: runs)
                joined.members += 1
                joined.runs += runs.count
            } else {
                let run = try archive.addEntry(name: member.name, sectionSize: member.sectionSize) { sink in
                    try FileCopy.copy(paths[index], to: sink)
                }
                shortened = shortened || run.inputBytes != member.identity.size
                joined.deflatedHere += 1
            }
        }
        switch package {
        case .sales:
            let schemaFile = plainFolder + "/" + CMTPackage.schemaMember
            guard members.map(\.name) == [CMTPackage.dataMember], FileManager.default.fileExists(atPath: schemaFile) else { return nil }
            try CMTPackageWriter.write(schemaFile: schemaFile, to: path) { archive in try add(archive, 0) }
        case .fo:
            guard FOPackageWriter.plainMembersComplete(in: plainFolder) else { return nil }
            try FOPackageWriter.write(plainFolder: plainFolder, entities: members.count, to: path, entity: add)
        }
        guard !shortened, unchanged() else {
            unlink(path)
            return nil
        }
        return joined
    }

    /// Every part's run of `folder` whose `run.json` reads and is in the folder its part names.
    static func readParts(in folder: String) -> [(folder: String, part: PartRun)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return names.compactMap { name in
            guard let bytes = FileManager.default.contents(atPath: folder + "/" + name + "/" + runFile),
                let part = try? JSONDecoder().decode(PartRun.self, from: bytes), name == partFolder(part.part, of: part.parts)
            else { return nil }
            return (folder + "/" + name, part)
        }
    }

    /// The runs of one count of parts that together deflated every section of `member`, in order, each file the size
    /// its run says; nil when no count's runs cover them all (the deflate steps not run, one failed, or they deflated
    /// another file).
    static func runs(
        of member: ShardMergePackage.PlainMember, package: ShardMergePackage, batch: String? = nil,
        parts: [(folder: String, part: PartRun)]
    ) -> [(file: String, run: DeflatedRun)]? {
        var byCount: [Int: [(first: Int, sections: Int, file: String, run: DeflatedRun)]] = [:]
        for (folder, part) in parts {
            for run in part.runs where run.package == package.rawValue && run.batch == batch && run.member == member && run.sections > 0 {
                let file = folder + "/" + run.file
                guard (try? FileStatus.of(file).size) == run.run.outputBytes else { continue }
                byCount[part.parts, default: []].append((run.firstSection, run.sections, file, run.run))
            }
        }
        for count in byCount.keys.sorted() {
            let runs = (byCount[count] ?? []).sorted { $0.first < $1.first }
            // Each run starts where the one before ended, the first at section 0, the last ends the member.
            var next = 0
            for run in runs { next = run.first == next ? next + run.sections : -1 }
            guard let head = runs.first, next == member.sectionCount,
                runs.dropFirst().reduce(head.run, { $0.followed(by: $1.run) }).inputBytes == member.identity.size
            else { continue }
            return runs.map { ($0.file, $0.run) }
        }
        return nil
    }
}
