import AirlockModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a zip whose entries Airlock deflates itself (`SectionedDeflater`), so that an entry can also be joined from
/// runs of sections deflated elsewhere (`addJoinedEntry`) with the same bytes as when it is written whole: what lets
/// a merge join what other processes deflated instead of deflating again.
///
/// The headers are laid out as libarchive's zip writer lays out its own (`ZipRecordLayout`), and a member of one
/// section is deflated as it deflates, so a package whose members are each under a section is byte for byte what
/// `ZipArchiveWriter` writes. Written under a temporary name beside the target and renamed into place only by
/// `finish()`; if the writer is dropped before, the temporary file is removed and the target is untouched.
public final class SectionedZipWriter {
    /// Where the finished archive goes.
    public let path: String
    private let temporaryPath: String
    private var interruptToken: Int?
    private let file: FileByteSink
    private let counter = CountingByteSink()
    private let output: TeeByteSink
    private let layout: ZipRecordLayout
    private var entries: [ZipRecordLayout.Entry] = []
    private var names = Set<String>()
    private var finished = false

    /// Starts an archive that will be renamed to `path` on `finish()`.
    /// - Throws: `AirlockError(.io)` when the temporary file cannot be created.
    public init(path: String, modificationTime: Int = ZipArchiveWriter.fixedModificationTime) throws {
        let temporaryPath = ZipArchiveWriter.temporaryPath(for: path)
        ZipArchiveWriter.removeLeftovers(of: path)
        self.path = path
        self.temporaryPath = temporaryPath
        layout = ZipRecordLayout(modificationTime: modificationTime)
        interruptToken = Interrupts.shared.register(output: nil) { unlink(temporaryPath) }
        do {
            file = try FileByteSink(path: temporaryPath)
        } catch {
            if let interruptToken { Interrupts.shared.unregister(interruptToken) }
            throw AirlockError(.io, "cannot create the output archive", at: SourceLocation(file: path), cause: "\(error)")
        }
        output = TeeByteSink(file, counter)
    }

    deinit {
        if !finished {
            try? file.close()
            unlink(temporaryPath)
        }
        if let interruptToken { Interrupts.shared.unregister(interruptToken) }
    }

    /// Adds an entry holding `bytes`, deflated as one section, its size given in the local header.
    /// - Throws: `AirlockError` when the name is unsafe or repeated, or writing fails.
    public func addEntry(name: String, bytes: [UInt8]) throws {
        let location = SourceLocation(file: path, entry: name)
        try checkNew(name, location: location)
        var entry = ZipRecordLayout.Entry(
            name: Array(name.utf8), isStreamed: false, crc: 0, compressedSize: 0, size: Int64(bytes.count), offset: counter.byteCount)
        try write(layout.localHeader(entry))
        let deflater = try SectionedDeflater(output: output, sectionSize: max(1, bytes.count), location: location)
        try bytes.withUnsafeBytes { try deflater.write($0) }
        let run = try deflater.finish(final: true)
        entry.crc = run.crc
        entry.compressedSize = run.outputBytes
        try write(layout.dataDescriptor(entry))
        entries.append(entry)
    }

    /// Adds an entry whose content `body` streams into the given sink, deflated in sections of `sectionSize` bytes on
    /// another thread while `body` produces the next; returns what the entry's data stands for.
    /// - Parameter blocksInFlight: how many 1 MB blocks `body` may write ahead of the deflater.
    /// - Throws: `AirlockError` when the name is unsafe or repeated, `body` throws, or writing fails.
    @discardableResult
    public func addEntry(
        name: String, sectionSize: Int = SectionedDeflater.defaultSectionSize, blocksInFlight: Int = 3, _ body: (ByteSink) throws -> Void
    ) throws -> DeflatedRun {
        let location = SourceLocation(file: path, entry: name)
        return try addStreamed(name: name, location: location) {
            let deflater = try SectionedDeflater(output: output, sectionSize: sectionSize, location: location)
            let pipeline = PipelinedByteSink(target: deflater, depth: blocksInFlight)
            let buffered = BufferedByteWriter(sink: pipeline, capacity: 1 << 20)
            try body(BufferedSinkAdapter(buffered))
            try buffered.flush()
            try pipeline.finish()
            return try deflater.finish(final: true)
        }
    }

    /// Adds an entry whose data is the deflate bytes of `runs`' files, in order, joined as they are (each file holds
    /// exactly what its run says, the last run ends the stream): the entry `addEntry(name:sectionSize:…)` writes for
    /// the same content, when the runs are its sections deflated by `SectionedDeflater`.
    /// - Throws: `AirlockError(.io)` when a run's file cannot be read or holds another number of bytes than its run
    ///   says; `.unsafeEntry` for a bad or repeated name.
    public func addJoinedEntry(name: String, runs: [(file: String, run: DeflatedRun)]) throws {
        let location = SourceLocation(file: path, entry: name)
        try addStreamed(name: name, location: location) {
            var joined: DeflatedRun?
            for (file, run) in runs {
                let copied = try FileCopy.copy(file, to: output)
                guard copied == run.outputBytes else {
                    throw AirlockError(
                        .io, "holds \(copied) bytes where its deflated run has \(run.outputBytes)", at: SourceLocation(file: file))
                }
                joined = joined.map { $0.followed(by: run) } ?? run
            }
            return joined ?? DeflatedRun()
        }
    }

    /// Writes the central directory, closes the file and renames it to `path`.
    /// - Throws: `AirlockError(.io)` when writing, closing or renaming fails; the temporary file is then removed.
    public func finish() throws {
        guard !finished else { return }
        let directoryOffset = counter.byteCount
        for entry in entries { try write(layout.centralHeader(entry)) }
        try write(layout.end(count: entries.count, size: counter.byteCount - directoryOffset, offset: directoryOffset))
        try file.close()
        try ZipArchiveWriter.moveIntoPlace(temporaryPath, path)
        finished = true
        if let interruptToken { Interrupts.shared.unregister(interruptToken) }
        interruptToken = nil
    }

    /// Writes a streamed entry's local header, the data `data` writes into `output`, and its data descriptor.
    @discardableResult
    private func addStreamed(name: String, location: SourceLocation, _ data: () throws -> DeflatedRun) throws -> DeflatedRun {
        try checkNew(name, location: location)
        var entry = ZipRecordLayout.Entry(
            name: Array(name.utf8), isStreamed: true, crc: 0, compressedSize: 0, size: 0, offset: counter.byteCount)
        try write(layout.localHeader(entry))
        let run = try data()
        entry.crc = run.crc
        entry.compressedSize = run.outputBytes
        entry.size = run.inputBytes
        try write(layout.dataDescriptor(entry))
        entries.append(entry)
        return run
    }

    /// Refuses a finished archive, an unsafe name and one already written.
    private func checkNew(_ name: String, location: SourceLocation) throws {
        guard !finished else { throw AirlockError(.io, "the archive is already finished", at: location) }
        if let problem = ZipEntryName.problem(with: name) { throw AirlockError(.unsafeEntry, problem, at: location) }
        guard names.insert(name).inserted else {
            throw AirlockError(.unsafeEntry, "an entry with this name was already written", at: location)
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try output.write($0) }
    }
}
