import AirlockIO
import AirlockModel
import Foundation

/// The key register of a migration (docs/ledger.md, "The key register"): every key a `convert` gave a Sales record
/// (`--assign-keys`) and every link it applied (`--keymap`), one line per record, beside the migration ledger and
/// chained as it is (each line holds the SHA-256 of the line before). Every later run of the migration reads it first,
/// so that a record keeps its key and a linked record its F&O record whatever the Sales export now holds.
///
/// Read back whole and checked: a line that does not read, a chain that breaks (a line changed, removed or put in),
/// a record registered twice or a key given to two records refuse the register with its file and line.
public struct KeyRegister: Sendable {
    /// The first line's fields: what the file is.
    static let header: [(key: String, value: String)] = [("format", "airlock key register"), ("version", "1")]

    /// The register's path as given.
    public var path: String
    /// The entries, in line order (the header line is not one).
    public private(set) var entries: [KeyRegisterEntry] = []
    /// The file's lines, the header included.
    public private(set) var lineCount = 0
    /// The SHA-256 of the last line (nil for an empty file): what the next line chains to, and what the ledger's entry
    /// of the run that wrote it records.
    public var head: String? { lineDigests.count > 0 ? lineDigests.hex(lineDigests.count - 1) : nil }
    /// The SHA-256 of each line, by line number − 1.
    public private(set) var lineDigests = LineChain.Digests()

    /// Per entity, record id → the index in `entries` of its identity (an `assigned` or `linked` line).
    private var identities: [[String: Int]] = []
    /// Per entity, upper-cased key → the index of the identity holding it.
    private var holders: [[String: Int]] = []
    /// Entity → its place in `identities` and `holders`.
    private var entityIndex: [String: Int] = [:]
    /// Identity index → the entry that says where F&O holds it (the link, or the first `sent` line).
    private var foPlaces: [Int: Int] = [:]

    /// An empty register at `path` (a migration whose runs have decided nothing yet).
    public init(path: String) { self.path = path }

    /// Reads the register at `path`; a file that does not exist is an empty register.
    /// - Throws: `AirlockError(.invalidValue)` naming the file and line of the first line that does not read or
    ///   breaks the chain or the register's rules; `AirlockError(.io)` when it cannot be read.
    public static func read(_ path: String) throws -> KeyRegister {
        guard FileManager.default.fileExists(atPath: path) else { return KeyRegister(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw AirlockError(.io, "cannot read the key register", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
        return try data.withUnsafeBytes { try KeyRegister(path: path, bytes: Array($0)) }
    }

    /// The register whose file holds `bytes`.
    /// - Throws: as `read`.
    public init(path: String, bytes: [UInt8]) throws {
        self.path = path
        var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        for piece in pieces { piece.withUnsafeBytes { lineDigests.append($0) } }
        lineCount = pieces.count
        var reader = LineReader()
        for (index, piece) in pieces.enumerated() {
            let number = index + 1
            func refuse(_ message: String) -> AirlockError {
                AirlockError(.invalidValue, message, at: SourceLocation(file: path, line: number))
            }
            let line: LineReader.Line
            do {
                line = try reader.read(piece)
            } catch {
                throw refuse("line \(number) is not a line of a key register (\(error)); the register was changed by hand")
            }
            let chained =
                index == 0 ? line.previous == nil : line.previous.map { lineDigests.matches(index - 1, hex: $0) } ?? false
            if !chained {
                let previous = line.previous.map { String(decoding: $0, as: UTF8.self) }
                let reason =
                    LineChain.breakReason(previous: previous, line: number, digests: lineDigests.hexStrings, kind: "register")
                    ?? "line \(number) does not chain to line \(number - 1)"
                throw refuse("the register's chain breaks: \(reason)")
            }
            if number == 1 {
                guard line[.format] == Self.header[0].value else {
                    throw refuse(
                        "line 1 is not the first line of a key register (\(Self.header[0].value)): lines were removed from its start")
                }
                guard line[.version] == Self.header[1].value else {
                    throw refuse(
                        "the key register's version \(line[.version] ?? "?") is not one this airlock reads (\(Self.header[1].value))")
                }
                continue
            }
            let entry = try Self.entry(line, line: number, refuse: refuse)
            try add(entry, refuse: refuse)
        }
    }

    /// Reads a register's lines into their fields without a text for a key or for `previous`, and making each repeated
    /// value (an entity, attribute, F&O entity and field, kind or run) once while it repeats line after line, so that a
    /// register of millions of lines makes a text of its own only for ids and keys. Keys it does not know are passed over
    /// (a later version may add some).
    private struct LineReader {
        enum Name: Int, CaseIterable {
            case attribute, entity, fo, foField, id, key, kind, run, format, version
        }

        struct Line {
            var values = [String?](repeating: nil, count: Name.allCases.count)
            /// `previous`'s hex, as written.
            var previous: [UInt8]?

            subscript(_ name: Name) -> String? { values[name.rawValue] }
        }

        private static let names = Name.allCases.map { Array(String(describing: $0).utf8) }
        private static let previousName = Array("previous".utf8)
        private static let repeating: Set<Name> = [.attribute, .entity, .fo, .foField, .kind, .run]
        /// Per repeating field, the last value read, as bytes and as text.
        private var last = [(bytes: [UInt8], text: String)?](repeating: nil, count: Name.allCases.count)

        mutating func read(_ piece: ArraySlice<UInt8>) throws -> Line {
            var line = Line()
            var problem: String?
            try FlatJSONLine.scan(piece) { keyBytes, valueBytes in
                if keyBytes.elementsEqual(Self.previousName) {
                    if line.previous != nil { problem = "previous is given twice" }
                    line.previous = Array(valueBytes)
                    return
                }
                guard let index = Self.names.firstIndex(where: { keyBytes.elementsEqual($0) }) else { return }
                if line.values[index] != nil { problem = "\(Self.names[index]) is given twice" }
                if Self.repeating.contains(Name.allCases[index]), let known = last[index], valueBytes.elementsEqual(known.bytes) {
                    line.values[index] = known.text
                    return
                }
                let text = try Self.text(valueBytes)
                line.values[index] = text
                if Self.repeating.contains(Name.allCases[index]) { last[index] = (Array(valueBytes), text) }
            }
            if let problem { throw FlatJSONLine.Problem(problem) }
            return line
        }

        /// `bytes` as text: ASCII at once, else validated as UTF-8.
        private static func text(_ bytes: UnsafeRawBufferPointer) throws -> String {
            let units = bytes.bindMemory(to: UInt8.self)
            if !units.contains(where: { $0 >= 0x80 }) { return String(decoding: units, as: UTF8.self) }
            guard let text = String(validating: units, as: UTF8.self) else { throw FlatJSONLine.Problem.notUTF8 }
            return text
        }
    }

    /// The entry of a line's fields.
    private static func entry(_ values: LineReader.Line, line: Int, refuse: (String) -> AirlockError) throws -> KeyRegisterEntry {
        func field(_ name: LineReader.Name) throws -> String {
            guard let value = values[name], !value.isEmpty else { throw refuse("line \(line) has no \(name)") }
            return value
        }
        let kindText = try field(.kind)
        guard let kind = KeyRegisterEntry.Kind(rawValue: kindText) else {
            throw refuse(
                "line \(line)'s kind \"\(kindText)\" is not \(KeyRegisterEntry.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let fo = values[.fo].flatMap { $0.isEmpty ? nil : $0 }
        if kind != .assigned, fo == nil { throw refuse("line \(line) has no fo (the F&O entity a \(kind.rawValue) record is in)") }
        let foField = try fo.map { _ in try field(.foField) }
        return KeyRegisterEntry(
            kind: kind, entity: try field(.entity), id: Self.lower(try field(.id)), attribute: try field(.attribute),
            key: try field(.key), fo: fo, foField: foField, run: try field(.run), line: line)
    }

    /// The place of `entity` in `identities` and `holders`, made on first use.
    private mutating func slot(of entity: String) -> Int {
        if let slot = entityIndex[entity] { return slot }
        entityIndex[entity] = identities.count
        identities.append([:])
        holders.append([:])
        return identities.count - 1
    }

    /// Adds `entry` (read or appended), holding the register's rules: one identity per record, one record per key of an
    /// entity, a `sent` line for a registered record under its key.
    private mutating func add(_ entry: KeyRegisterEntry, refuse: (String) -> AirlockError) throws {
        let folded = Self.upper(entry.key)
        switch entry.kind {
        case .assigned, .linked:
            let slot = slot(of: entry.entity)
            if let earlier = identities[slot][entry.id] {
                throw refuse(
                    "line \(entry.line) registers Sales \(entry.entity) \(entry.id) again (\(entry.key)); line \(entries[earlier].line) registered it (\(entries[earlier].key))"
                )
            }
            if let earlier = holders[slot][folded] {
                throw refuse(
                    "line \(entry.line) gives the key \(entry.key) to Sales \(entry.entity) \(entry.id); line \(entries[earlier].line) gave it to \(entries[earlier].id)"
                )
            }
            identities[slot][entry.id] = entries.count
            holders[slot][folded] = entries.count
            if entry.fo != nil { foPlaces[entries.count] = entries.count }
        case .sent:
            guard let identity = entityIndex[entry.entity].flatMap({ identities[$0][entry.id] }) else {
                throw refuse("line \(entry.line) says Sales \(entry.entity) \(entry.id) was sent, and no earlier line registers it")
            }
            guard entries[identity].key == entry.key else {
                throw refuse(
                    "line \(entry.line) says Sales \(entry.entity) \(entry.id) was sent as \(entry.key); line \(entries[identity].line) registered it as \(entries[identity].key)"
                )
            }
            if foPlaces[identity] == nil, entry.fo != nil { foPlaces[identity] = entries.count }
        }
        entries.append(entry)
    }

    // MARK: lookups

    /// Whether the register holds no entry.
    public var isEmpty: Bool { entries.isEmpty }

    /// The Sales entities the register holds records of, in the order first registered.
    public var entities: [String] {
        var seen: [String] = []
        for entry in entries where !seen.contains(entry.entity) { seen.append(entry.entity) }
        return seen
    }

    /// The identity of Sales `entity` record `id` (its `assigned` or `linked` entry), or nil.
    public func identity(of entity: String, id: String) -> KeyRegisterEntry? {
        entityIndex[entity].flatMap { identities[$0][Self.lower(id)] }.map { entries[$0] }
    }

    /// The identity holding `key` (ignoring case) among `entity`'s records, or nil.
    public func holder(of key: String, in entity: String) -> KeyRegisterEntry? {
        entityIndex[entity].flatMap { holders[$0][Self.upper(key)] }.map { entries[$0] }
    }

    /// Whether the register holds records of `entity`.
    public func holdsRecords(of entity: String) -> Bool { entityIndex[entity].map { !identities[$0].isEmpty } ?? false }

    /// The identities of `entity`'s records, in line order.
    public func identities(of entity: String) -> [KeyRegisterEntry] {
        (entityIndex[entity].map { identities[$0].values.sorted() } ?? []).map { entries[$0] }
    }

    /// The F&O entity that holds Sales `entity` record `id` under its key: the linked record's, or the one a run first
    /// wrote it to; nil when no run has sent it.
    public func foEntity(of entity: String, id: String) -> String? {
        foPlace(of: entity, id: id)?.fo
    }

    /// The entry saying where F&O holds Sales `entity` record `id` (`fo`, `foField`): the link, or the first line of a
    /// run that sent it; nil when no run has sent it.
    public func foPlace(of entity: String, id: String) -> KeyRegisterEntry? {
        entityIndex[entity].flatMap { identities[$0][Self.lower(id)] }.flatMap { foPlaces[$0] }.map { entries[$0] }
    }

    /// Each registered record F&O holds (linked, or sent by a run), with the entry saying where, in line order.
    public var recordsInFO: [KeyRegisterEntry] {
        foPlaces.values.sorted().map { entries[$0] }
    }

    /// `text` in lower case, itself when it has no upper-case ASCII letter (no new text: ids are written lower case).
    static func lower(_ text: String) -> String {
        text.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } ? text.lowercased() : text
    }

    /// `text` in upper case, itself when it has no lower-case ASCII letter (keys are mostly written upper case).
    static func upper(_ text: String) -> String {
        text.utf8.contains { ($0 >= 0x61 && $0 <= 0x7A) || $0 >= 0x80 } ? text.uppercased() : text
    }

    // MARK: appending

    /// `self` with `new` added after its last line (the header first when the file is empty), their lines numbered.
    /// - Throws: `AirlockError(.invalidValue)` when an entry breaks the register's rules (a record registered twice, a
    ///   key given to two records): the run that made them appends nothing.
    func adding(_ new: [KeyRegisterEntry]) throws -> KeyRegister {
        var register = self
        if register.lineCount == 0, !new.isEmpty { register.lineCount = 1 }
        for var entry in new {
            register.lineCount += 1
            entry.line = register.lineCount
            let line = entry.line
            try register.add(entry) { message in AirlockError(.invalidValue, message, at: SourceLocation(file: path, line: line)) }
        }
        return register
    }

    /// Takes the digests of the lines just written (the header's first when it was written too).
    mutating func written(_ digests: LineChain.Digests) {
        lineDigests.append(contentsOf: digests)
    }
}
