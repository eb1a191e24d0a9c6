import AirlockIO
import Foundation

/// A ledger read back (`MigrationLedger.read`): every line, whether the chain holds from the first to the last,
/// and which runs read what earlier runs wrote.
public struct LedgerReading: Sendable {
    /// The ledger's path as given.
    public var path: String
    public var lines: [LedgerLine]
    /// Input → the earlier output it equals, by line of the run that read it, in the order of its inputs.
    public var lineage: [Int: [LedgerLink]]

    /// Reads the lines of `data` (a ledger's bytes) and checks each against the one before.
    public init(path: String, data: Data) {
        self.path = path
        var pieces = Array(data).split(separator: 0x0A, omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        let digests = pieces.map { MigrationLedger.sha256($0) }
        var lines: [LedgerLine] = []
        for (index, piece) in pieces.enumerated() {
            let number = index + 1
            var entry: LedgerEntry?
            var problem: String?
            do {
                entry = try JSONDecoder().decode(LedgerEntry.self, from: Data(piece))
            } catch {
                problem = piece.isEmpty ? "line \(number) is empty" : "line \(number) is not a ledger entry (\(Self.reason(error)))"
            }
            var chainBreak: String?
            if let entry { chainBreak = Self.chainBreak(entry.previous, line: number, digests: digests) }
            lines.append(LedgerLine(number: number, sha256: digests[index], entry: entry, problem: problem, chainBreak: chainBreak))
        }
        self.lines = lines
        self.lineage = Self.lineage(lines)
    }

    /// Whether every line is an entry chained to the line before (an empty ledger holds).
    public var isIntact: Bool { lines.allSatisfy(\.holds) }

    /// The lines where the ledger does not hold, in order.
    public var breaks: [LedgerLine] { lines.filter { !$0.holds } }

    /// The SHA-256 of the last line: keep it with a sign-off, since lines removed from the end leave no trace in
    /// the chain.
    public var head: String? { lines.last?.sha256 }

    /// The entries, with their line numbers.
    public var entries: [(line: Int, entry: LedgerEntry)] { lines.compactMap { line in line.entry.map { (line.number, $0) } } }

    /// Why the chain breaks at line `number`, whose entry holds `previous`; nil when it holds.
    private static func chainBreak(_ previous: String?, line number: Int, digests: [String]) -> String? {
        LineChain.breakReason(previous: previous, line: number, digests: digests, kind: "ledger")
    }

    /// For each entry, its inputs that equal an output of an earlier entry (the latest one).
    private static func lineage(_ lines: [LedgerLine]) -> [Int: [LedgerLink]] {
        var written: [String: (line: Int, command: String, role: String)] = [:]
        var links: [Int: [LedgerLink]] = [:]
        for line in lines {
            guard let entry = line.entry else { continue }
            for input in entry.inputs {
                guard let digest = input.sha256, let source = written[digest] else { continue }
                links[line.number, default: []].append(
                    LedgerLink(
                        line: line.number, inputRole: input.role, sourceLine: source.line, sourceCommand: source.command,
                        outputRole: source.role))
            }
            for output in entry.outputs {
                if let digest = output.sha256 { written[digest] = (line.number, entry.command, output.role) }
            }
        }
        return links
    }

    /// A decoding error in a few words.
    private static func reason(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "no \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case .dataCorrupted?: return "not JSON"
        default: return "not JSON"
        }
    }
}
