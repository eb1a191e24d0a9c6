import AirlockNormalize
import AirlockReconcile
import Foundation

/// Compares two records signal by signal (`compare`: each signal's `ComparisonLevel`) and, once the entity's
/// `MatchModel` is estimated from the exports, scores how likely they are one and the same: the match probability in
/// percent, from the model's weight of each level, a name, street, postcode or city that agrees weighed by how rare
/// that value is (term frequency). The same for a Sales–F&O pair and for two records of one side (duplicates).
public struct MatchScorer: Sendable {
    public var entity: LinkedEntity
    /// The records' texts and name words.
    public var store: MatchRecordStore
    /// Sales account GUID → the F&O customer account it is linked to (for contacts' company signal), both as
    /// `MatchRecord.hash`.
    public var accountLinks: [UInt64: UInt64]
    /// The nicknames and Soundex codes of the store's words, for a person's given and family names.
    public var personNames: PersonNameIndex
    /// The model scores are computed with; nil until it is estimated (`score` is then 0).
    public var model: MatchModel? {
        didSet {
            weights = model.map(Self.weightTable) ?? []
            exactU = model.map(Self.exactUTable) ?? []
            apartWeights = model.map(Self.apartTable) ?? []
        }
    }
    /// The weight of a place none of whose parts agrees, per name group (`NameGroup.index`).
    private var apartWeights: [Double] = []
    /// The exact level's `u` of each signal among random pairs, for the rarity of a value (`frequencyBits`).
    private var exactU: [Double] = []
    /// The model's weight of each signal and level, `group * groupSize + index * levels + level`, read per pair, the
    /// group its `NameGroup.index`.
    private var weights: [Double] = []
    private static let levels = ComparisonLevel.count
    private static let groupSize = MatchSignal.allCases.count * levels

    /// The most a value's rarity adds to, or takes from, an exact agreement, in bits.
    public static let frequencyLimit = 10.0

    public init(
        entity: LinkedEntity, store: MatchRecordStore, accountLinks: [UInt64: UInt64] = [:], model: MatchModel? = nil,
        personNames: PersonNameIndex = PersonNameIndex()
    ) {
        self.entity = entity
        self.store = store
        self.accountLinks = accountLinks
        self.personNames = personNames
        self.model = model
        weights = model.map(Self.weightTable) ?? []
        exactU = model.map(Self.exactUTable) ?? []
        apartWeights = model.map(Self.apartTable) ?? []
    }

    static func apartTable(_ model: MatchModel) -> [Double] {
        MatchModel.NameGroup.allCases.sorted { $0.index < $1.index }.map { model.apartWeight(group: $0) }
    }

    static func exactUTable(_ model: MatchModel) -> [Double] {
        MatchSignal.allCases.map { model.u[$0]?[Int(ComparisonLevel.exact.rawValue)] ?? 0 }
    }

    static func weightTable(_ model: MatchModel) -> [Double] {
        var table = [Double](repeating: 0, count: MatchModel.NameGroup.allCases.count * groupSize)
        for group in MatchModel.NameGroup.allCases {
            for signal in MatchSignal.allCases {
                for level in ComparisonLevel.present {
                    table[group.index * groupSize + signal.index * levels + Int(level.rawValue)] = model.weight(signal, level, group: group)
                }
            }
        }
        return table
    }

    /// The score of `sales` (a Sales record, or the first of two records of one side) against `fo`: the match
    /// probability in percent.
    public func score(_ sales: MatchRecord, _ fo: MatchRecord) -> Double {
        score(compare(sales, fo), sales, fo)
    }

    /// The score of a pair already compared.
    public func score(_ vector: ComparisonVector, _ a: MatchRecord, _ b: MatchRecord) -> Double {
        guard let model, !weights.isEmpty else { return 0 }
        return 100 * model.probability(bits: bits(vector, a, b))
    }

    /// The weight of a pair already compared, in bits (without the prior): what ranks candidates, where
    /// probabilities near certainty are all 100.
    public func bits(_ vector: ComparisonVector, _ a: MatchRecord, _ b: MatchRecord) -> Double {
        bits(vector, frequencies: (b.nameFrequency, b.streetFrequency, b.postcodeFrequency, b.cityFrequency, b.givenFrequency))
    }

    /// The weight of a pair already compared, from the second record's frequencies (name or family name, street,
    /// postcode, city, given name): the hot path of ranking reads five numbers of the record, not the record.
    public func bits(_ vector: ComparisonVector, frequencies: (Float, Float, Float, Float, Float)) -> Double {
        guard !weights.isEmpty else { return 0 }
        var bits = 0.0
        var rest = vector.bits
        let groupIndex = MatchModel.NameGroup(vector).index
        var at = groupIndex * Self.groupSize
        while rest != 0 {
            let level = Int(rest & ComparisonVector.levelMask)
            if level != 0 { bits += weights[at + level] }
            rest >>= ComparisonVector.levelBits
            at += Self.levels
        }
        // A place none of whose parts agrees weighs once (`MatchModel.placeCorrection`).
        if MatchModel.place(vector).apart {
            bits += apartWeights[groupIndex]
            for part in MatchModel.placeParts {
                let level = Int(vector[part].rawValue)
                if level != 0 { bits -= weights[groupIndex * Self.groupSize + part.index * Self.levels + level] }
            }
        }
        // Among relatives a rare name or street says "one family", not "one person": no rarity there.
        let weighsRarity = groupIndex != MatchModel.NameGroup.relative.index
        func add(_ signal: MatchSignal, _ frequency: Float) {
            guard weighsRarity, frequency > 0, vector[signal] == .exact else { return }
            // Rarity against the random pairs' u: the group's u already says how often such candidates agree.
            let u = exactU[signal.index]
            if u > 0 { bits += rarity(u, frequency) }
        }
        add(.name, frequencies.0)
        add(.familyName, frequencies.0)
        add(.givenName, frequencies.4)
        add(.street, frequencies.1)
        add(.postcode, frequencies.2)
        add(.city, frequencies.3)
        return bits
    }

    /// `log2(u / f)` within `frequencyLimit`.
    private func rarity(_ u: Double, _ frequency: Float) -> Double {
        min(Self.frequencyLimit, max(-Self.frequencyLimit, log2(u / Double(frequency))))
    }

    /// The score and the evidence behind it: each signal's weight in bits, its value's rarity included.
    public func explain(_ sales: MatchRecord, _ fo: MatchRecord) -> (score: Double, evidence: [MatchEvidence]) {
        let vector = compare(sales, fo)
        guard let model else { return (0, []) }
        let rarity = Dictionary(frequencyBits(vector, sales, fo).map { ($0.signal, $0.bits) }, uniquingKeysWith: +)
        let group = MatchModel.NameGroup(vector)
        // A place none of whose parts agrees weighs once: its weight is shared among the parts.
        let place = MatchModel.place(vector)
        let partShare = place.apart ? model.apartWeight(group: group) / Double(place.held) : 0
        let evidence = vector.present.map { signal, level -> MatchEvidence in
            let verdict: MatchEvidence.Verdict = level == .exact ? .agrees : level == .different ? .disagrees : .partly
            if place.apart && MatchModel.placeParts.contains(signal) { return MatchEvidence(signal, verdict, partShare, level: level) }
            return MatchEvidence(signal, verdict, model.weight(signal, level, group: group) + (rarity[signal] ?? 0), level: level)
        }
        return (score(vector, sales, fo), evidence)
    }

    /// What the rarity of an exactly agreeing name, street, postcode or city says beyond the level's average:
    /// `log2(u / f)`, `u` the exact level's share among random pairs, `f` the share of records holding the value
    /// (the F&O side's, `b`), within `frequencyLimit`.
    func frequencyBits(_ vector: ComparisonVector, _ a: MatchRecord, _ b: MatchRecord) -> [(signal: MatchSignal, bits: Double)] {
        guard let model, MatchModel.NameGroup(vector) != .relative else { return [] }
        var result: [(signal: MatchSignal, bits: Double)] = []
        for (signal, frequency) in [
            (MatchSignal.name, b.nameFrequency), (.familyName, b.nameFrequency), (.givenName, b.givenFrequency),
            (.street, b.streetFrequency),
            (.postcode, b.postcodeFrequency), (.city, b.cityFrequency),
        ] where frequency > 0 && vector[signal] == .exact {
            guard let u = model.u[signal]?[Int(ComparisonLevel.exact.rawValue)], u > 0 else { continue }
            result.append((signal, min(Self.frequencyLimit, max(-Self.frequencyLimit, log2(u / Double(frequency))))))
        }
        return result
    }

    /// Each signal's level for two records (docs/match.md, "Signals"): a value one side lacks is `absent`.
    public func compare(_ a: MatchRecord, _ b: MatchRecord) -> ComparisonVector {
        store.withView { compare(a, b, in: $0) }
    }

    /// The same, the store read in place (`MatchRecordStore.withView`): what comparing millions of pairs calls.
    public func compare(_ a: MatchRecord, _ b: MatchRecord, in store: MatchRecordStore.View) -> ComparisonVector {
        var vector = ComparisonVector()
        // Already keyed: the Sales record holds the F&O key.
        if a.isSales != b.isSales, !a.lacks(.comparableKey), store.same(.comparableKey, a, b) { vector[.key] = .exact }
        if entity == .contacts && a.isPerson && b.isPerson && a.wordCount > 0 && b.wordCount > 0 {
            comparePersons(a, b, in: store, into: &vector)
        } else {
            let aWords = store.nameWords(a)
            let bWords = store.nameWords(b)
            if !aWords.isEmpty && !bWords.isEmpty {
                let similarity = StringSimilarity.words(aWords, bWords, vocabulary: store.vocabulary)
                vector[.name] = similarity >= 0.98 ? .exact : similarity >= 0.85 ? .close : similarity >= 0.6 ? .weak : .different
            }
        }
        if a.legalFormClasses != 0 && b.legalFormClasses != 0 {
            vector[.legalForm] = OrganisationName.legalFormsDiffer(a.legalFormClasses, b.legalFormClasses) ? .different : .exact
        }
        if entity == .products {
            if !a.lacks(.number) && !b.lacks(.number) { vector[.number] = store.same(.number, a, b) ? .exact : .different }
            if !a.lacks(.unit) && !b.lacks(.unit) { vector[.unit] = store.same(.unit, a, b) ? .exact : .different }
            return vector
        }
        if a.taxNumber != 0 && b.taxNumber != 0 { vector[.taxNumber] = a.taxNumber == b.taxNumber ? .exact : .different }
        if a.email != 0 && b.email != 0 { vector[.email] = a.email == b.email ? .exact : .different }
        // The domain says nothing more where the addresses agree: the one follows from the other.
        if vector[.email] != .exact, a.emailDomain != 0 || a.webDomain != 0, b.emailDomain != 0 || b.webDomain != 0 {
            func held(_ domain: UInt64) -> Bool { domain != 0 && (domain == b.emailDomain || domain == b.webDomain) }
            vector[.domain] = held(a.emailDomain) || held(a.webDomain) ? .exact : .different
        }
        if a.phones.0 != 0 && b.phones.0 != 0 {
            vector[.phone] = b.hasPhone(a.phones.0) || b.hasPhone(a.phones.1) ? .exact : .different
        }
        if entity == .contacts, a.parent != 0, b.parent != 0 {
            if a.parent == b.parent {
                vector[.company] = .exact
            } else if let linked = accountLinks[a.parent] {
                vector[.company] = linked == b.parent ? .exact : .different
            }
        }
        if !a.lacks(.postcode) && !b.lacks(.postcode) {
            vector[.postcode] =
                store.same(.postcode, a, b)
                ? .exact : Self.oneCharacterApart(store.bytes(.postcode, of: a), store.bytes(.postcode, of: b)) ? .close : .different
        }
        if !a.lacks(.street) && !b.lacks(.street) {
            let similarity =
                store.same(.street, a, b) ? 1 : StringSimilarity.jaroWinkler(store.bytes(.street, of: a), store.bytes(.street, of: b))
            vector[.street] = similarity >= 0.99 ? .exact : similarity >= 0.9 ? .close : similarity >= 0.75 ? .weak : .different
        }
        if !a.lacks(.houseNumber) && !b.lacks(.houseNumber) {
            vector[.houseNumber] = store.same(.houseNumber, a, b) ? .exact : .different
        }
        if !a.lacks(.city) && !b.lacks(.city) {
            let similarity =
                store.same(.city, a, b) ? 1 : StringSimilarity.jaroWinkler(store.bytes(.city, of: a), store.bytes(.city, of: b))
            vector[.city] = similarity >= 0.99 ? .exact : similarity >= 0.9 ? .close : .different
        }
        if !a.lacks(.country) && !b.lacks(.country) { vector[.country] = store.same(.country, a, b) ? .exact : .different }
        return vector
    }

    /// Whether two codes of one length differ in one character, or in two neighbours swapped (`2145`/`2148`,
    /// `3173`/`3137`).
    static func oneCharacterApart(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard x.count == y.count, x.count > 1 else { return false }
        let differing = x.indices.filter { x[$0] != y[$0] }
        if differing.count == 1 { return true }
        return differing.count == 2 && differing[1] == differing[0] + 1 && x[differing[0]] == y[differing[1]]
            && x[differing[1]] == y[differing[0]]
    }
}
