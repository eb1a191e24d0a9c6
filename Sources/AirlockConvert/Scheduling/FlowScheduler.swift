import AirlockMapping
import AirlockModel
import Foundation

/// Runs the flows of a conversion on several cores, with the outcome of a sequential run in `runOrder`.
///
/// A flow starts as soon as every earlier flow it reads (`FlowReads`: its parent, the flows writing its target or
/// the entities it looks up, what its rules read) has finished. A free worker takes, of the flows ready, the one
/// with the longest chain of estimated work still behind it (itself and the flows that read it, transitively:
/// the critical path first), the earliest in run order among equals. A flow sees only the outputs it reads (its
/// context is scoped to them), and they are every earlier output it looks at, so what it finds is what a
/// sequential run would show it, whatever ran beside it. A prerequisite it does not read (`orders-to-sales` after
/// `accounts`) sets the run order, and so the order of the report and of the packages, but holds nothing up.
///
/// A flow that fails stops the start of every flow after it in run order (flows before it still run, as a
/// sequential run would have run them first); the error reported is that of the failed flow earliest in run order,
/// as a sequential run would report.
enum FlowScheduler {
    /// The workers: one per core, at least two (the two directions have always run side by side) and at most four
    /// (the outputs of flows running at once are held together; more were never measured).
    static var defaultWorkerCount: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 2), 4) }

    /// Runs `body` for each of `flows` (in run order) and returns the outputs in that order.
    /// - Parameters:
    ///   - reads: the earlier flows each flow reads; it starts once they have finished.
    ///   - costs: each flow's estimated work, in any unit (a flow not named: 1); only the order of starts uses it.
    ///   - whenFinished: per watch, flows (in run order) whose outputs `action` gets as soon as all of them have
    ///     finished, while other flows may still run (at once when there are none); not called when one fails.
    static func run<Output>(
        _ flows: [MappingTemplate], reads: FlowReads, costs: [String: Int] = [:], workers: Int = defaultWorkerCount,
        whenFinished: [(names: [String], action: @Sendable ([Output]) -> Void)] = [],
        body: @escaping @Sendable (MappingTemplate) throws -> Output
    ) throws -> [Output] {
        let board = FlowBoard<Output>(
            flows: flows.map { (name: $0.name, reads: reads.flows(readBy: $0.name)) },
            preference: preference(flows, reads: reads, costs: costs))
        for watch in whenFinished { board.whenFinished(watch.names, watch.action) }
        let templates = Dictionary(flows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let work: @Sendable () -> Void = {
            while let name = board.claimNext() {
                guard let template = templates[name] else {
                    board.fail(name, AirlockError(.io, "flow \(name) is not among the flows to run"))
                    continue
                }
                do {
                    board.finish(name, try body(template))
                } catch {
                    board.fail(name, error)
                }
            }
        }
        // Each worker but the caller's gets a thread of its own (not a pool's: a worker blocks while it waits).
        let done = DispatchGroup()
        for _ in 1..<max(1, min(workers, flows.count)) {
            done.enter()
            let thread = Thread {
                work()
                done.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        work()
        done.wait()
        if let failed = flows.first(where: { board.error(of: $0.name) != nil }), let error = board.error(of: failed.name) {
            throw error
        }
        return try flows.map { template in
            guard let output = board.output(of: template.name) else {
                throw AirlockError(.io, "flow \(template.name) produced no output")
            }
            return output
        }
    }

    /// The positions of `flows` (run order) in the order a free worker prefers them: longest chain of work behind
    /// it first (its own cost plus the longest such chain among the flows that read it), then run order.
    static func preference(_ flows: [MappingTemplate], reads: FlowReads, costs: [String: Int]) -> [Int] {
        var chain = flows.map { max(costs[$0.name] ?? 1, 0) }
        let position = Dictionary(flows.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // A flow reads only earlier flows, so going backwards every reader's chain is known before its reads'.
        for index in flows.indices.reversed() {
            for read in reads.flows(readBy: flows[index].name) {
                guard let readPosition = position[read], readPosition < index else { continue }
                chain[readPosition] = max(chain[readPosition], max(costs[flows[readPosition].name] ?? 1, 0) + chain[index])
            }
        }
        return flows.indices.sorted { chain[$0] != chain[$1] ? chain[$0] > chain[$1] : $0 < $1 }
    }
}
