import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// The split's cut of the Sales export's `data.xml` into its entity sections (`CMTSectionScanner`), for the reads.
///
/// Where `data.xml` lies on disk as it is stored (a zip entry deflated or stored plain, or a folder's file:
/// `PackageSource.memberBytes`), the split writes only its head: each section is read later from the export itself,
/// from the deflate block it starts in (`MemberScanStream` notes each block's start and keeps the 32 KiB window
/// before it; the window is written beside the plan). Otherwise (an entry compressed by another method than deflate,
/// one whose directory record disagrees with its local header or data descriptor, a package held in memory) each
/// section is written out as it is, about `data.xml`'s uncompressed size on disk.
enum ShardSalesCut {
    /// What the cut found, and where the sections are read from: `bytes` and each section's read, or files.
    struct Result {
        var outcome: CMTSectionScanner.Outcome
        var bytes: MemberBytes?
        var reads: [ShardPartitionPlan.SectionRead]
    }

    /// The file a section's window is written to, in the split's folder.
    static func windowFile(_ number: Int) -> String { "sales-window-\(number).bin" }

    /// Cuts `source`'s `data.xml` into `folder`: its head, and each section's window or the section itself; nothing
    /// when it is not cut.
    /// - Throws: the scan's and the files' errors (a damaged member named).
    static func cut(_ source: PackageSource, into folder: String) throws -> Result {
        let reader = try CMTPackageReader(source: source)
        let bytes = source.memberBytes(reader.dataMember)
        let scan = try bytes.map { try MemberScanStream($0, location: source.location(of: reader.dataMember)) }
        var sink: FileByteSink?
        var current: CMTSectionScanner.Piece?
        var handedOut: Int64 = 0
        var reads: [ShardPartitionPlan.SectionRead] = []
        let outcome = try CMTSectionScanner.scan(try scan ?? source.open(reader.dataMember)) { piece, data in
            if piece != current {
                try sink?.close()
                sink = nil
                current = piece
                if case .section(let number) = piece, let scan {
                    reads.append(try read(number, at: handedOut, scan: scan, folder: folder))
                } else {
                    sink = try FileByteSink(path: folder + "/" + fileName(piece))
                }
            }
            try sink?.write(data)
            handedOut += Int64(data.count)
            scan?.forget(before: handedOut)
        }
        try sink?.close()
        if outcome.notCut != nil {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasPrefix("sales-") {
                try FileManager.default.removeItem(atPath: folder + "/" + name)
            }
            return Result(outcome: outcome, bytes: nil, reads: [])
        }
        return Result(outcome: outcome, bytes: bytes, reads: reads)
    }

    /// Section `number`, starting at `start`: the point its read starts from, its window written into `folder`.
    private static func read(_ number: Int, at start: Int64, scan: MemberScanStream, folder: String) throws
        -> ShardPartitionPlan.SectionRead
    {
        guard let point = scan.point(atOrBefore: start) else {
            throw AirlockError(.io, "no point to read section \(number) of data.xml from", at: SourceLocation(file: folder))
        }
        var window: String?
        if !point.window.isEmpty {
            window = windowFile(number)
            try ShardPartFiles.write(Data(point.window), to: folder + "/" + windowFile(number))
        }
        return .init(start: start, output: point.output, input: point.input, bits: point.bits, window: window)
    }

    /// The file a piece is written to when the sections are written out.
    private static func fileName(_ piece: CMTSectionScanner.Piece) -> String {
        switch piece {
        case .head: ShardPartitionRangeReader.salesHeadFile
        case .section(let number): ShardPartitionRangeReader.salesSectionFile(number)
        }
    }

    /// The streams of sections `numbers` of `plan`, each read from `source`'s `data.xml` where the plan says (where
    /// `data.xml` lies found once, from the archive's directory), or from its file in `planFolder`.
    /// - Throws: `AirlockError(.usage)` naming `planFile` when `data.xml` is no longer stored as the split found it.
    static func pieces(
        _ numbers: [Int], of plan: ShardPartitionPlan, planFolder: String, planFile: String, source: PackageSource, member: String
    ) throws -> [ConcatenatedByteStream.Piece] {
        guard let sections = plan.salesSections, let recorded = plan.salesBytes else {
            return numbers.map { .file(planFolder + "/" + ShardPartitionRangeReader.salesSectionFile($0)) }
        }
        guard let bytes = source.memberBytes(member), bytes.sameBytes(as: recorded) else {
            throw AirlockError(
                .usage,
                "the Sales export's \(member) is not stored as the split found it: split the exports again, or give the ones it was cut from",
                at: SourceLocation(file: planFile))
        }
        return try numbers.map { number in
            guard number < sections.count, let read = sections[number].read else {
                return .file(planFolder + "/" + ShardPartitionRangeReader.salesSectionFile(number))
            }
            let window = try read.window.map { try FileByteStream.contents(of: planFolder + "/" + $0) } ?? []
            let point = MemberReadPoint(output: read.output, input: read.input, bits: read.bits, window: window)
            return .range(
                MemberRange(
                    member: bytes, point: point, start: read.start, count: Int64(sections[number].section.bytes),
                    location: source.location(of: member)))
        }
    }
}
