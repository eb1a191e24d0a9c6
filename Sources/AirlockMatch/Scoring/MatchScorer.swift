import AirlockReconcile
import Foundation

/// Compares two records signal by signal (`compare`: each signal's `ComparisonLevel`) and, once the entity's
/// `MatchModel` is estimated from the exports, scores how likely they are one and the same: the match probability in
/// percent, from the model's weight of each level, a name, street, postcode or city that agrees weighed by how rare
/// that value is (term frequency). The same for a Sales–F&O pair and for two records of one side (duplicates).
public struct MatchScorer: Sendable {
    public var entity: MatchEntity
    /// The records' texts and name words.
    public var store: MatchRecordStore
    /// Sales account GUID → the F&O customer account it is linked to (for contacts' company signal), both as
    /// `MatchRecord.hash`.
    public var accountLinks: [UInt64: UInt64]
    /// The model scores are computed with; nil until it is estimated (`score` is then 0).
    public var model: MatchModel? {
        didSet {
            weights = model.map(Self.weightTable) ?? []
            exactU = model.map(Self.exactUTable) ?? []
            apartWeights = model.map(Self.apartTable) ?? []
        }
    }
    /// The weight of a place none of whose parts agrees, per name group (missing, alike, unlike).
    private var apartWeights: [Double] = []
    /// The exact level's `u` of each signal among random pairs, for the rarity of a value (`frequencyBits`).
    private var exactU: [Double] = []
    /// The model's weight of each signal and level, `index * 5 + level`, read per pair: for pairs without a name, then
    /// (`+ groupSize`) for those whose names are alike, then (`+ 2 * groupSize`) those whose names are not.
    private var weights: [Double] = []
    private static let groupSize = MatchSignal.allCases.count * 5

    /// The most a value's rarity adds to, or takes from, an exact agreement, in bits.
    public static let frequencyLimit = 10.0

    public init(entity: MatchEntity, store: MatchRecordStore, accountLinks: [UInt64: UInt64] = [:], model: MatchModel? = nil) {
        self.entity = entity
        self.store = store
        self.accountLinks = accountLinks
        self.model = model
        weights = model.map(Self.weightTable) ?? []
        exactU = model.map(Self.exactUTable) ?? []
        apartWeights = model.map(Self.apartTable) ?? []
    }

    static func apartTable(_ model: MatchModel) -> [Double] {
        [MatchModel.NameGroup.missing, .alike, .unlike].map { model.apartWeight(group: $0) }
    }

    static func exactUTable(_ model: MatchModel) -> [Double] {
        MatchSignal.allCases.map { model.u[$0]?[Int(ComparisonLevel.exact.rawValue)] ?? 0 }
    }

    static func weightTable(_ model: MatchModel) -> [Double] {
        var table = [Double](repeating: 0, count: 3 * groupSize)
        for signal in MatchSignal.allCases {
            for level in ComparisonLevel.present {
                let at = signal.index * 5 + Int(level.rawValue)
                table[at] = model.weight(signal, level, group: .missing)
                table[groupSize + at] = model.weight(signal, level, group: .alike)
                table[2 * groupSize + at] = model.weight(signal, level, group: .unlike)
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
        bits(vector, frequencies: (b.nameFrequency, b.streetFrequency, b.postcodeFrequency, b.cityFrequency))
    }

    /// The weight of a pair already compared, from the second record's frequencies (name, street, postcode, city): the
    /// hot path of ranking reads four numbers of the record, not the record.
    public func bits(_ vector: ComparisonVector, frequencies: (Float, Float, Float, Float)) -> Double {
        guard !weights.isEmpty else { return 0 }
        var bits = 0.0
        var rest = vector.bits
        let group = MatchModel.NameGroup(vector)
        var index = group == .missing ? 0 : group == .alike ? Self.groupSize / 5 : 2 * Self.groupSize / 5
        while rest != 0 {
            let level = Int(rest & 0xF)
            if level != 0 { bits += weights[index * 5 + level] }
            rest >>= 4
            index += 1
        }
        let groupIndex = group == .missing ? 0 : group == .alike ? 1 : 2
        // A place none of whose parts agrees weighs once (`MatchModel.placeCorrection`).
        if MatchModel.place(vector).apart {
            bits += apartWeights[groupIndex]
            for part in MatchModel.placeParts {
                let level = Int(vector[part].rawValue)
                if level != 0 { bits -= weights[groupIndex * Self.groupSize + part.index * 5 + level] }
            }
        }
        func add(_ signal: MatchSignal, _ frequency: Float) {
            guard frequency > 0, vector[signal] == .exact else { return }
            // Rarity against the random pairs' u: the group's u already says how often such candidates agree.
            let u = exactU[signal.index]
            if u > 0 { bits += rarity(u, frequency) }
        }
        add(.name, frequencies.0)
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
        guard let model else { return [] }
        var result: [(signal: MatchSignal, bits: Double)] = []
        for (signal, frequency) in [
            (MatchSignal.name, b.nameFrequency), (.street, b.streetFrequency), (.postcode, b.postcodeFrequency), (.city, b.cityFrequency),
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
        let aWords = store.nameWords(a)
        let bWords = store.nameWords(b)
        if !aWords.isEmpty && !bWords.isEmpty {
            let similarity =
                entity == .contacts
                ? personSimilarity(a, b, in: store) : StringSimilarity.words(aWords, bWords, vocabulary: store.vocabulary)
            vector[.name] = similarity >= 0.98 ? .exact : similarity >= 0.85 ? .close : similarity >= 0.6 ? .weak : .different
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

    /// The similarity under which two given names are not one name misspelt (Jaro–Winkler; `Kimberly`/`Robert`
    /// 0.6), and the most two person names with such given names are alike: below the close level.
    static let givenNameLikeness = 0.75
    static let unlikeGivenNameCap = 0.84

    /// A person's names, in either order: the family name counts twice the given name; a given name written as its
    /// initial agrees with the name.
    func personSimilarity(_ a: MatchRecord, _ b: MatchRecord, in store: MatchRecordStore.View) -> Double {
        let vocabulary = store.vocabulary
        func part(_ x: UnsafeBufferPointer<WordID>, _ y: UnsafeBufferPointer<WordID>) -> Double {
            if x.isEmpty || y.isEmpty { return x.isEmpty && y.isEmpty ? 1 : 0.5 }
            if x.elementsEqual(y) { return 1 }
            if x.count == 1 && y.count == 1 {
                return vocabulary.withStorage { bytes, starts in
                    let first = UnsafeBufferPointer(rebasing: bytes[starts[Int(x[0])]..<starts[Int(x[0]) + 1]])
                    let second = UnsafeBufferPointer(rebasing: bytes[starts[Int(y[0])]..<starts[Int(y[0]) + 1]])
                    if first.count == 1 || second.count == 1, first.first == second.first { return 0.9 }
                    return StringSimilarity.jaroWinkler(first, second)
                }
            }
            let bytesX = x.flatMap { vocabulary.bytes($0) }
            let bytesY = y.flatMap { vocabulary.bytes($0) }
            if bytesX.count == 1 || bytesY.count == 1, bytesX.first == bytesY.first { return 0.9 }
            return StringSimilarity.jaroWinkler(bytesX, bytesY)
        }
        let (aFirst, aLast, bFirst, bLast) = (store.firstWords(a), store.lastWords(a), store.firstWords(b), store.lastWords(b))
        if aFirst.isEmpty && aLast.isEmpty || bFirst.isEmpty && bLast.isEmpty {
            return StringSimilarity.words(store.nameWords(a), store.nameWords(b), vocabulary: vocabulary)
        }
        // A given name unlike the other's is a relative's or a colleague's: however alike the family names, the
        // names are then at most weakly alike.
        func combined(_ first: Double, _ last: Double) -> Double {
            let similarity = (first + 2 * last) / 3
            return first < Self.givenNameLikeness ? min(similarity, Self.unlikeGivenNameCap) : similarity
        }
        let straight = combined(part(aFirst, bFirst), part(aLast, bLast))
        let swapped = combined(part(aFirst, bLast), part(aLast, bFirst))
        return max(straight, swapped)
    }
}
