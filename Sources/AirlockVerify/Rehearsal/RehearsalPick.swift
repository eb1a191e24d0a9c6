import AirlockReport

/// A record a run sent, which a rehearsal may lose or change.
struct RehearsalCandidate: Sendable, Hashable {
    var side: String
    var entity: String
    var key: String
}

/// Which of the records sent a rehearsal loses and which it changes: the candidates ordered by a digest of the seed
/// and the record, the first `lose` of those whose loss would show (not in `held`) lost, and the first `drift` of the
/// others with a field to change (`driftable`) changed. The same seed picks the same records whatever order the
/// packages list them in.
enum RehearsalPick {
    static func pick(
        _ candidates: [RehearsalCandidate], held: Set<RehearsalCandidate>, driftable: Set<RehearsalCandidate>, lose: Int,
        drift: Int, seed: UInt64
    ) -> (lost: Set<RehearsalCandidate>, drifted: Set<RehearsalCandidate>) {
        guard lose + drift > 0 else { return ([], []) }
        let ordered = candidates.map { candidate in
            (MigrationLedger.sha256(Array("\(seed)\u{0}\(candidate.side)\u{0}\(candidate.entity)\u{0}\(candidate.key)".utf8)), candidate)
        }
        .sorted { $0.0 < $1.0 }.map(\.1)
        let lost = Set(ordered.filter { !held.contains($0) }.prefix(lose))
        return (lost, Set(ordered.filter { !lost.contains($0) && driftable.contains($0) }.prefix(drift)))
    }
}
