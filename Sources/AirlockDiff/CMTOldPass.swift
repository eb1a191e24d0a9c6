import AirlockModel
import AirlockPackages
import AirlockReconcile
import Foundation

/// The old export's half of a CMT diff, run on a thread of its own: `data.xml` streamed in pieces into one key
/// index per entity (record id → digest and fingerprints of the compared fields, and the many-to-many
/// associations), each entity handed to the new export's pass (`claim`) as soon as its section ends, so the two
/// exports are read at the same time.
///
/// What the diff finds does not depend on timing: an entity is claimed only when the old export can add nothing
/// to it (its section ended, or the export did), and the new pass walks its own export in order. Should the old
/// export hold a second section of an entity already claimed (CMT writes one per entity), the pass stops with
/// `Conflict` and the diff runs again with `wholeExportFirst`. Errors are the sequential diff's: the old export's
/// first (`finish`).
final class CMTOldPass: @unchecked Sendable {
    /// Thrown to the new pass when the old one failed or found a second section of a claimed entity.
    struct Stopped: Error {}
    /// Thrown by `finish` when a claimed entity had a second section in the old export.
    struct Conflict: Error {}

    private let reader: CMTPackageReader
    private let newSchema: CMTSchema
    private let chunkRecords: Int
    /// Whether entities are claimed only once the whole old export is read (the sequential diff).
    private let wholeExportFirst: Bool
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var states: [String: CMTEntityDiff] = [:]
    /// Entities in the order of their first section in the old export.
    private var order: [String] = []
    /// Entities whose section ended and that no later section has reopened.
    private var ended = Set<String>()
    private var claimed = Set<String>()
    private var done = false
    private var failure: (any Error)?
    private var thread: Thread?

    init(reader: CMTPackageReader, newSchema: CMTSchema, chunkRecords: Int, wholeExportFirst: Bool) {
        self.reader = reader
        self.newSchema = newSchema
        self.chunkRecords = chunkRecords
        self.wholeExportFirst = wholeExportFirst
    }

    /// Starts reading the old export.
    func start() {
        let thread = Thread { [self] in
            let outcome = Result { try read() }
            condition.lock()
            if case .failure(let error) = outcome { failure = error }
            done = true
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 8 << 20
        self.thread = thread
        thread.start()
    }

    /// The old export's state of entity `name` for the new pass to take over, once the old export can add nothing
    /// to it; nil when the old export has no such entity.
    /// - Throws: `Stopped` when the old pass failed (`finish` tells why).
    func claim(_ name: String) throws -> CMTEntityDiff? {
        condition.lock()
        defer { condition.unlock() }
        while !done && (wholeExportFirst || !ended.contains(name)) { condition.wait() }
        if failure != nil { throw Stopped() }
        claimed.insert(name)
        return states[name]
    }

    /// Waits for the old pass to end.
    /// - Returns: the old export's entities, in order, and their states.
    /// - Throws: the old pass's error, or `Conflict`.
    func finish() throws -> (order: [String], states: [String: CMTEntityDiff]) {
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
        if let failure { throw failure }
        return (order, states)
    }

    // MARK: reading (on the pass's thread)

    private func read() throws {
        var digester = RecordDigester()
        var key = DiffKeyBuilder()
        var extra = DiffKeyBuilder()
        _ = try reader.readChunks(chunkRecords: chunkRecords) { chunk, isLast in
            let state = try open(chunk.name)
            state.inOld = true
            let columns = CMTChunkColumns(chunk, compared: state.compared, nameField: state.nameField)
            for row in 0..<columns.count {
                columns.key(row: row, into: &key)
                columns.digest(row: row, into: &digester)
                extra.reset()
                if let name = columns.name(row: row) { extra.add(name) }
                let digest = digester.digest()
                // A record's "line" is its number among the entity's records.
                let number = state.report.old + 1
                let earlier = try key.withBytes { key in
                    try extra.withBytes { extra in
                        try state.matcher.index.insertOld(key: key, extra: extra, digest: digest, prints: digester.prints, line: number)
                    }
                }
                if let earlier {
                    let first = state.matcher.index.digest(of: earlier)
                    let firstNumber = state.matcher.index.line(of: earlier)
                    _ = state.matcher.oldRepeats.noteRepeat(earlier, digest: digest, line: number, first: first, firstLine: firstNumber)
                }
                state.report.old = number
            }
            guard isLast else { return }
            for association in chunk.manyToMany {
                for target in association.targetIDs {
                    state.oldAssociations.insert(CMTDiffer.associationDigest(association, target, &digester))
                }
            }
            condition.lock()
            ended.insert(chunk.name)
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The state of entity `name`, made on its first section; a later section reopens it, unless it was claimed.
    private func open(_ name: String) throws -> CMTEntityDiff {
        condition.lock()
        defer { condition.unlock() }
        if claimed.contains(name) { throw Conflict() }
        ended.remove(name)
        if let known = states[name] { return known }
        let made = CMTEntityDiff(name: name, old: reader.schema.entity(named: name), new: newSchema.entity(named: name))
        states[name] = made
        order.append(name)
        return made
    }
}
