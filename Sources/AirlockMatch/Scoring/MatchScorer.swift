/// Scores how likely two records are one and the same, from 0 to 100: the points each signal gives or takes
/// (`MatchPoints`), summed and held between 0 and 100. The same for a Sales–F&O pair and for two records of one
/// side (duplicates).
public struct MatchScorer: Sendable {
    public var entity: MatchEntity
    public var vocabulary: MatchVocabulary
    /// Sales account GUID → the F&O customer account it is linked to (for contacts' company signal).
    public var accountLinks: [String: String]
    let points: MatchPoints

    public init(entity: MatchEntity, vocabulary: MatchVocabulary, accountLinks: [String: String] = [:]) {
        self.entity = entity
        self.points = MatchPoints.of(entity)
        self.vocabulary = vocabulary
        self.accountLinks = accountLinks
    }

    /// The score of `sales` (a Sales record, or the first of two records of one side) against `fo`.
    public func score(_ sales: MatchRecord, _ fo: MatchRecord) -> Double {
        var none: [MatchEvidence]? = nil
        return score(sales, fo, evidence: &none)
    }

    /// The score and the evidence behind it.
    public func explain(_ sales: MatchRecord, _ fo: MatchRecord) -> (score: Double, evidence: [MatchEvidence]) {
        var evidence: [MatchEvidence]? = []
        let score = score(sales, fo, evidence: &evidence)
        return (score, evidence ?? [])
    }

    private func score(_ a: MatchRecord, _ b: MatchRecord, evidence: inout [MatchEvidence]?) -> Double {
        var total = 0.0
        func add(_ signal: MatchSignal, _ verdict: MatchEvidence.Verdict, _ points: Double) {
            total += points
            evidence?.append(MatchEvidence(signal, verdict, points))
        }
        // Already keyed: the Sales record holds the F&O key.
        if a.isSales != b.isSales, !a.comparableKey.isEmpty, a.comparableKey == b.comparableKey { add(.key, .agrees, points.key) }
        // Name.
        let nameSimilarity =
            entity == .contacts ? personSimilarity(a, b) : StringSimilarity.words(a.nameWords, b.nameWords, vocabulary: vocabulary)
        if !a.nameWords.isEmpty && !b.nameWords.isEmpty {
            if nameSimilarity >= 0.98 {
                add(.name, .agrees, points.name)
            } else if nameSimilarity >= 0.85 {
                add(.name, .partly, points.name * (nameSimilarity - 0.5) / 0.5)
            } else if nameSimilarity >= 0.6 {
                add(.name, .partly, points.nameWeak * (nameSimilarity - 0.6) / 0.25)
            } else {
                add(.name, .disagrees, -points.nameDiffers)
            }
        }
        if OrganisationName.legalFormsDiffer(a.legalForm, b.legalForm) {
            add(.legalForm, .disagrees, -points.legalFormDiffers)
        }
        if entity == .products {
            if !a.number.isEmpty && !b.number.isEmpty {
                a.number == b.number ? add(.number, .agrees, points.number) : add(.number, .disagrees, -points.numberDiffers)
            }
            if !a.unit.isEmpty && !b.unit.isEmpty {
                a.unit == b.unit ? add(.unit, .agrees, points.unit) : add(.unit, .disagrees, -points.unit)
            }
            return min(100, max(0, total))
        }
        if !a.taxNumber.isEmpty && !b.taxNumber.isEmpty {
            a.taxNumber == b.taxNumber ? add(.taxNumber, .agrees, points.taxNumber) : add(.taxNumber, .disagrees, -points.taxNumberDiffers)
        }
        let emailAgrees = !a.email.isEmpty && a.email == b.email
        if emailAgrees { add(.email, .agrees, points.email) }
        let aHasDomain = !a.emailDomain.isEmpty || !a.webDomain.isEmpty
        let bHasDomain = !b.emailDomain.isEmpty || !b.webDomain.isEmpty
        if aHasDomain && bHasDomain && !emailAgrees {
            // Compared in place: this runs for every candidate pair.
            func held(_ domain: String) -> Bool { !domain.isEmpty && (domain == b.emailDomain || domain == b.webDomain) }
            held(a.emailDomain) || held(a.webDomain)
                ? add(.domain, .agrees, points.domain) : add(.domain, .disagrees, -points.domainDiffers)
        }
        if !a.phones.isEmpty && !b.phones.isEmpty {
            a.phones.contains(where: b.phones.contains) ? add(.phone, .agrees, points.phone) : add(.phone, .disagrees, -points.phoneDiffers)
        }
        if entity == .contacts, !a.parent.isEmpty, !b.parent.isEmpty {
            if a.parent == b.parent {
                add(.company, .agrees, points.company)
            } else if let linked = accountLinks[a.parent] {
                linked == b.parent ? add(.company, .agrees, points.company) : add(.company, .disagrees, -points.companyDiffers)
            }
        }
        if !a.postcode.isEmpty && !b.postcode.isEmpty {
            a.postcode == b.postcode ? add(.postcode, .agrees, points.postcode) : add(.postcode, .disagrees, -points.postcodeDiffers)
        }
        if !a.street.isEmpty && !b.street.isEmpty {
            let similarity = StringSimilarity.jaroWinkler(a.street, b.street)
            if similarity >= 0.9 { add(.street, similarity >= 0.99 ? .agrees : .partly, points.street) }
        }
        if !a.houseNumber.isEmpty && !b.houseNumber.isEmpty {
            a.houseNumber == b.houseNumber
                ? add(.houseNumber, .agrees, points.houseNumber) : add(.houseNumber, .disagrees, -points.houseNumberDiffers)
        }
        if !a.city.isEmpty && !b.city.isEmpty {
            let similarity = a.city == b.city ? 1 : StringSimilarity.jaroWinkler(a.city, b.city)
            similarity >= 0.9
                ? add(.city, similarity >= 0.99 ? .agrees : .partly, points.city) : add(.city, .disagrees, -points.cityDiffers)
        }
        if !a.country.isEmpty && !b.country.isEmpty {
            a.country == b.country ? add(.country, .agrees, points.country) : add(.country, .disagrees, -points.countryDiffers)
        }
        return min(100, max(0, total))
    }

    /// A person's names, in either order: the family name counts twice the given name; a given name written as its
    /// initial agrees with the name.
    func personSimilarity(_ a: MatchRecord, _ b: MatchRecord) -> Double {
        func part(_ x: [WordID], _ y: [WordID]) -> Double {
            if x.isEmpty || y.isEmpty { return x.isEmpty && y.isEmpty ? 1 : 0.5 }
            if x == y { return 1 }
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
        if a.firstWords.isEmpty && a.lastWords.isEmpty || b.firstWords.isEmpty && b.lastWords.isEmpty {
            return StringSimilarity.words(a.nameWords, b.nameWords, vocabulary: vocabulary)
        }
        let straight = (part(a.firstWords, b.firstWords) + 2 * part(a.lastWords, b.lastWords)) / 3
        let swapped = (part(a.firstWords, b.lastWords) + 2 * part(a.lastWords, b.firstWords)) / 3
        return max(straight, swapped)
    }
}
