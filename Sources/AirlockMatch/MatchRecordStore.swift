import AirlockModel
import AirlockNormalize
import Foundation

/// The texts and name words of a run's `MatchRecord`s, each record's end to end, and the vocabulary of the words:
/// what the records point into, so that a record itself is a few numbers and copies of it retain nothing.
public struct MatchRecordStore: Sendable {
    /// The words of every name, with their weights.
    public private(set) var vocabulary = MatchVocabulary()
    /// Every record's texts end to end, in `MatchRecord.Text` order.
    private var bytes: [UInt8] = []
    /// Every record's name words end to end.
    private var words: [WordID] = []
    /// The entities records were read from; a record names its own by index.
    private var labels: [String] = []
    private var labelIndex: [String: UInt16] = [:]

    public init() {}

    /// The most bytes a text of a record keeps (a name or street past 4 KiB is cut there, at a character); a key
    /// cannot be longer.
    public static let maxTextBytes = 4_096
    /// The most words a name keeps (of a person: given names, and family names).
    public static let maxNameWords = 255

    /// `draft` as a record of this store: its texts appended, its words interned (each counted once for the
    /// record), its values compared for equality alone hashed.
    /// - Throws: `AirlockError(.limitExceeded)` for a key longer than `maxTextBytes`, or when the store would pass
    ///   4 GiB of text or 4 G words (some 40 million records).
    public mutating func add(_ draft: MatchRecordDraft) throws -> MatchRecord {
        guard draft.key.utf8.count <= Self.maxTextBytes else {
            throw AirlockError(
                .limitExceeded, "the key of row \(draft.row) is \(draft.key.utf8.count) bytes long, more than a key can be",
                at: SourceLocation(entity: draft.entity, record: "row \(draft.row)", field: "key"))
        }
        guard bytes.count < Int(UInt32.max) - 12 * Self.maxTextBytes, words.count < Int(UInt32.max) - 3 * Self.maxNameWords else {
            throw AirlockError(
                .limitExceeded, "more records than one match run holds (4 GiB of their text)", at: SourceLocation(entity: draft.entity))
        }
        let textStart = bytes.count
        var ends: [UInt16] = []
        ends.reserveCapacity(MatchRecord.Text.allCases.count)
        for text in MatchRecord.Text.allCases {
            let value = Self.value(text, of: draft)
            bytes.append(contentsOf: value.utf8.count <= Self.maxTextBytes ? Array(value.utf8) : Self.cut(value))
            ends.append(UInt16(bytes.count - textStart))
        }
        let wordStart = words.count
        let nameWords = vocabulary.ids(Array(draft.nameWords.prefix(Self.maxNameWords)))
        var firstWordCount = 0
        if draft.isPerson {
            // A person's words are the given names, then the family names.
            let first = vocabulary.ids(Array(draft.firstWords.prefix(Self.maxNameWords)))
            words.append(contentsOf: first)
            words.append(contentsOf: vocabulary.ids(Array(draft.lastWords.prefix(Self.maxNameWords))))
            firstWordCount = first.count
        } else {
            words.append(contentsOf: nameWords)
        }
        let label: UInt16
        if let known = labelIndex[draft.entity] {
            label = known
        } else {
            label = UInt16(clamping: labels.count)
            labels.append(draft.entity)
            labelIndex[draft.entity] = label
        }
        let phones = draft.phones.map(MatchRecord.hash)
        return MatchRecord(
            textStart: UInt32(textStart),
            textEnds: (ends[0], ends[1], ends[2], ends[3], ends[4], ends[5], ends[6], ends[7], ends[8], ends[9], ends[10], ends[11]),
            wordStart: UInt32(wordStart), wordCount: UInt16(clamping: words.count - wordStart),
            firstWordCount: UInt16(clamping: firstWordCount),
            isPerson: draft.isPerson, isSales: draft.isSales, gender: draft.gender, middleInitial: draft.middleInitial, label: label,
            row: Int32(clamping: draft.row),
            legalFormClasses: OrganisationName.classMask(draft.legalForm), taxNumber: MatchRecord.hash(draft.taxNumber),
            email: MatchRecord.hash(draft.email), emailDomain: MatchRecord.hash(draft.emailDomain),
            webDomain: MatchRecord.hash(draft.webDomain), phones: (phones.first ?? 0, phones.dropFirst().first ?? 0),
            parent: MatchRecord.hash(draft.parent), birthDate: draft.birthDate)
    }

    /// The first `maxTextBytes` bytes of `text`, or fewer so as to end at a character.
    static func cut(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8.prefix(maxTextBytes))
        // A UTF-8 continuation byte (10xxxxxx) at the cut: drop back to the start of its character.
        if text.utf8.count > maxTextBytes, (text.utf8.dropFirst(maxTextBytes).first ?? 0) & 0xC0 == 0x80 {
            while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
            bytes.removeLast()
        }
        return bytes
    }

    /// Computes the words' weights once every record is in.
    public mutating func finish() { vocabulary.finish() }

    /// Text `text` of `record`.
    public func text(_ text: MatchRecord.Text, of record: MatchRecord) -> String {
        String(decoding: bytes[record.range(text)], as: UTF8.self)
    }

    /// The record's key: the F&O key or the Sales record's GUID.
    public func key(_ record: MatchRecord) -> String { text(.key, of: record) }

    /// The record's name as written.
    public func name(_ record: MatchRecord) -> String { text(.name, of: record) }

    /// Whether text `text` of `a` is text `other` of `b`.
    public func same(_ text: MatchRecord.Text, _ a: MatchRecord, as other: MatchRecord.Text, _ b: MatchRecord) -> Bool {
        bytes[a.range(text)].elementsEqual(bytes[b.range(other)])
    }

    /// Whether text `text` of `a` comes before that of `b`, by their UTF-8 bytes (Unicode scalar order).
    public func precedes(_ text: MatchRecord.Text, _ a: MatchRecord, _ b: MatchRecord) -> Bool {
        bytes[a.range(text)].lexicographicallyPrecedes(bytes[b.range(text)])
    }

    /// The entity the record was read from (F&O label or Sales logical name).
    public func label(_ record: MatchRecord) -> String { labels[Int(record.label)] }

    /// Calls `body` with the store read in place: what comparing millions of pairs reads.
    public func withView<R>(_ body: (View) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { bytes in
            try words.withUnsafeBufferPointer { words in try body(View(bytes: bytes, words: words, vocabulary: vocabulary)) }
        }
    }

    /// The store read in place, valid within `withView`.
    public struct View {
        let bytes: UnsafeBufferPointer<UInt8>
        let words: UnsafeBufferPointer<WordID>
        /// The words' texts and weights.
        public let vocabulary: MatchVocabulary

        /// Text `text` of `record`'s bytes.
        func bytes(_ text: MatchRecord.Text, of record: MatchRecord) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[record.range(text)])
        }

        /// Whether text `text` of `a` and `b` is the same.
        func same(_ text: MatchRecord.Text, _ a: MatchRecord, _ b: MatchRecord) -> Bool {
            let x = a.range(text)
            let y = b.range(text)
            guard x.count == y.count else { return false }
            guard let base = bytes.baseAddress else { return true }
            return memcmp(base + x.lowerBound, base + y.lowerBound, x.count) == 0
        }

        /// The record's name words (a person's: the given names, then the family names).
        func nameWords(_ record: MatchRecord) -> UnsafeBufferPointer<WordID> {
            let start = Int(record.wordStart)
            return UnsafeBufferPointer(rebasing: words[start..<(start + Int(record.wordCount))])
        }

        /// A person's given names.
        func firstWords(_ record: MatchRecord) -> UnsafeBufferPointer<WordID> {
            let start = Int(record.wordStart)
            return UnsafeBufferPointer(rebasing: words[start..<(start + Int(record.firstWordCount))])
        }

        /// A person's family names.
        func lastWords(_ record: MatchRecord) -> UnsafeBufferPointer<WordID> {
            let start = Int(record.wordStart)
            return UnsafeBufferPointer(rebasing: words[(start + Int(record.firstWordCount))..<(start + Int(record.wordCount))])
        }
    }

    static func value(_ text: MatchRecord.Text, of draft: MatchRecordDraft) -> String {
        switch text {
        case .key: draft.key
        case .name: draft.name
        case .street: draft.street
        case .houseNumber: draft.houseNumber
        case .postcode: draft.postcode
        case .city: draft.city
        case .country: draft.country
        case .currentKey: draft.currentKey
        case .comparableKey: draft.comparableKey
        case .party: draft.party
        case .number: draft.number
        case .unit: draft.unit
        }
    }
}
