import AirlockIO
import AirlockModel

/// Runs a `CMTDataObserver` on a thread of its own: the writer's thread only records what it is told, in
/// blocks, and the observer's thread replays each block into it, in order, with the same arguments. Lets a
/// costly observer (a validator's checks) run beside the writer instead of after each record.
///
/// Block layout, per event: its `CMTObserverEventKind`, then 32-bit integers and length-prefixed pieces
/// (length -1: absent). A field's name is recorded only the first time its column is met in a section.
/// Memory: the blocks in flight (`depth` × about `blockSize`), not the package.
///
/// Use from the writer's thread; the observer is the relay's until `finish()` returns. Its recording state is
/// therefore not checked for exclusive access at run time (a check per byte recorded otherwise).
public final class CMTObserverRelay: CMTDataObserver {
    @exclusivity(unchecked) public var line = 0
    private let channel: BlockChannel
    private let task: BackgroundTask<Void>
    private let blockSize: Int
    /// What is recorded and not yet sent (a `ByteBuffer`: an append is a copy, no uniqueness check); copied into
    /// a channel block when full.
    private let recording: ByteBuffer
    /// Per column of the current section: whether its name was recorded.
    @exclusivity(unchecked) private var named: [Bool] = []

    /// Starts the observer's thread. `observer` must not be used elsewhere until `finish()` or `abandon()`.
    /// - Parameter lowPriority: run the observer at background priority (`ThreadPriority`): it then takes what the
    ///   writer and the threads it feeds leave of the cores, and holds the writer up only once `depth` blocks wait.
    public init(replayingInto observer: CMTDataObserver, blockSize: Int = 256 * 1024, depth: Int = 4, lowPriority: Bool = false) {
        let channel = BlockChannel(depth: depth)
        self.channel = channel
        self.blockSize = blockSize
        recording = ByteBuffer(capacity: blockSize + 4096)
        let target = UncheckedObserver(observer)
        task = BackgroundTask(lowPriority: lowPriority) {
            var names: [String] = []
            do {
                while let block = try channel.receive() {
                    block.withUnsafeBytes { Self.replay($0, into: target.observer, names: &names) }
                    channel.recycle(block)
                }
            } catch {
                channel.stop()
                throw error
            }
        }
    }

    /// Sends what is recorded, ends the stream and waits until the observer has been told everything.
    /// - Throws: the channel's error.
    public func finish() throws {
        flush()
        channel.finish()
        try task.result()
    }

    /// Ends the stream without the rest (the writer failed) and waits for the observer's thread.
    public func abandon() {
        channel.fail()
        _ = try? task.result()
    }

    // MARK: recording

    private func flush() {
        guard recording.count > 0 else { return }
        // The recording goes into the channel's empty block (a recycled one when it can), in one copy.
        channel.send { block in
            block.removeAll(keepingCapacity: true)
            recording.withBytes { block.append(contentsOf: $0) }
        }
        recording.removeAll()
    }

    private func flushIfFull() {
        if recording.count >= blockSize { flush() }
    }

    private func put(_ kind: CMTObserverEventKind) {
        recording.append(kind.rawValue)
    }

    private func put(_ value: Int) {
        withUnsafeBytes(of: Int32(truncatingIfNeeded: value).littleEndian) { recording.append($0) }
    }

    private func put(_ piece: UnsafeRawBufferPointer?) {
        guard let piece else { return put(-1) }
        put(piece.count)
        recording.append(piece)
    }

    private func put(_ text: String?) {
        guard var text else { return put(-1) }
        text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
    }

    public func rootStarted(timestamp: String?, line: Int) {
        put(.rootStarted)
        put(line)
        put(timestamp)
    }

    public func sectionStarted(name: String, line: Int) {
        named.removeAll(keepingCapacity: true)
        put(.sectionStarted)
        put(line)
        put(name)
    }

    public func recordStarted(id: UnsafeRawBufferPointer, line: Int) {
        put(.recordStarted)
        put(line)
        put(id)
    }

    public func field(
        column: Int, name: String, value: UnsafeRawBufferPointer, lookupEntity: UnsafeRawBufferPointer?, line: Int, hasMembers: Bool
    ) {
        if column >= named.count { named += [Bool](repeating: false, count: column + 1 - named.count) }
        let first = !named[column]
        named[column] = true
        // The kind, column, line and flags in one append.
        withUnsafeTemporaryAllocation(byteCount: 10, alignment: 4) { header in
            header.storeBytes(of: CMTObserverEventKind.field.rawValue, toByteOffset: 0, as: UInt8.self)
            header.storeBytes(of: Int32(truncatingIfNeeded: column).littleEndian, toByteOffset: 1, as: Int32.self)
            header.storeBytes(of: Int32(truncatingIfNeeded: line).littleEndian, toByteOffset: 5, as: Int32.self)
            header.storeBytes(of: UInt8((first ? 1 : 0) | (hasMembers ? 2 : 0)), toByteOffset: 9, as: UInt8.self)
            recording.append(UnsafeRawBufferPointer(header))
        }
        if first { put(name) }
        put(value)
        put(lookupEntity)
        flushIfFull()
    }

    public func partyMemberStarted(id: UnsafeRawBufferPointer, line: Int) {
        put(.partyMemberStarted)
        put(line)
        put(id)
    }

    public func partyMemberField(name: String, value: UnsafeRawBufferPointer, lookupEntity: UnsafeRawBufferPointer?, line: Int) {
        put(.partyMemberField)
        put(line)
        put(name)
        put(value)
        put(lookupEntity)
    }

    public func partyMembersEnded() {
        put(.partyMembersEnded)
    }

    public func recordEnded() {
        put(.recordEnded)
        flushIfFull()
    }

    public func manyToManyStarted(name: String?, sourceID: String?, line: Int) {
        put(.manyToManyStarted)
        put(line)
        put(name)
        put(sourceID)
    }

    public func manyToManyTarget(_ id: String, line: Int) {
        put(.manyToManyTarget)
        put(line)
        put(id)
        flushIfFull()
    }

    // MARK: replaying

    private static func replay(_ bytes: UnsafeRawBufferPointer, into observer: CMTDataObserver, names: inout [String]) {
        var reader = CMTObserverEventReader(bytes: bytes)
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        while !reader.isAtEnd {
            guard let kind = CMTObserverEventKind(rawValue: reader.byte()) else {
                preconditionFailure("a relay block holds an event kind it never records")
            }
            switch kind {
            case .rootStarted:
                let line = reader.int()
                observer.rootStarted(timestamp: reader.text(), line: line)
            case .sectionStarted:
                let line = reader.int()
                names.removeAll(keepingCapacity: true)
                observer.sectionStarted(name: reader.text() ?? "", line: line)
            case .recordStarted:
                let line = reader.int()
                observer.recordStarted(id: reader.piece() ?? empty, line: line)
            case .field:
                let column = reader.int()
                let line = reader.int()
                let flags = reader.byte()
                if flags & 1 != 0 {
                    if column >= names.count { names += [String](repeating: "", count: column + 1 - names.count) }
                    names[column] = reader.text() ?? ""
                }
                let value = reader.piece() ?? empty
                let lookupEntity = reader.piece()
                observer.field(
                    column: column, name: names[column], value: value, lookupEntity: lookupEntity, line: line, hasMembers: flags & 2 != 0)
            case .partyMemberStarted:
                let line = reader.int()
                observer.partyMemberStarted(id: reader.piece() ?? empty, line: line)
            case .partyMemberField:
                let line = reader.int()
                let name = reader.text() ?? ""
                let value = reader.piece() ?? empty
                observer.partyMemberField(name: name, value: value, lookupEntity: reader.piece(), line: line)
            case .partyMembersEnded:
                observer.partyMembersEnded()
            case .recordEnded:
                observer.recordEnded()
            case .manyToManyStarted:
                let line = reader.int()
                let name = reader.text()
                observer.manyToManyStarted(name: name, sourceID: reader.text(), line: line)
            case .manyToManyTarget:
                let line = reader.int()
                observer.manyToManyTarget(reader.text() ?? "", line: line)
            }
        }
    }
}
