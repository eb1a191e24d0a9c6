import AirlockMapping
import AirlockModel
import Foundation

/// Runs the flows of a conversion on two cores, with the outcome of a sequential run in `runOrder`.
///
/// The flows split into two lanes by direction: Sales → F&O and F&O → Sales. Within a lane, flows run one after
/// the other in run order, so every earlier flow of the same direction has finished when a flow starts. What a
/// flow reads from other flows' outputs is of its own direction (flows writing the same target entity, the
/// references a Sales → F&O value must find, Sales lookups resolved in this run's output, the orders an invoice
/// updates) or its parent (header) flow, which may be in the other lane: a flow waits for that one only. So
/// what a flow finds never depends on timing, and the results equal those of a sequential run. A prerequisite
/// in the other lane that is not the parent (`orders-to-sales` after `accounts`) sets the run order, and so the
/// order of the report and of the packages, but holds nothing up: the flow cannot see its output.
///
/// A flow that fails stops its lane and any flow waiting for it; the error reported is that of the failed flow
/// earliest in run order, as a sequential run would report.
enum FlowScheduler {
    /// Runs `body` for each of `flows` (in run order) and returns the outputs in that order.
    /// - Parameter whenFinished: per watch, flows (in run order) whose outputs `action` gets as soon as all of them
    ///   have finished, while other flows may still run (at once when there are none); not called when one fails.
    static func run<Output>(
        _ flows: [MappingTemplate], whenFinished: [(names: [String], action: @Sendable ([Output]) -> Void)] = [],
        body: @escaping @Sendable (MappingTemplate) throws -> Output
    ) throws -> [Output] {
        var lanes: [[MappingTemplate]] = []
        for direction in [FlowDirection.salesToFO, .foToSales] {
            let lane = flows.filter { $0.direction == direction }
            if !lane.isEmpty { lanes.append(lane) }
        }
        let position = Dictionary(flows.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let board = FlowBoard<Output>()
        for watch in whenFinished { board.whenFinished(watch.names, watch.action) }
        let runLane: @Sendable ([MappingTemplate]) -> Void = { lane in
            for template in lane {
                // Only an earlier parent is waited for (earlier flows of the lane are done), so a lane never waits
                // for one that waits for it.
                let own = position[template.name] ?? 0
                let parent = template.parent.map { [$0.flow] } ?? []
                guard board.waitFor(parent.filter { (position[$0] ?? own) < own }) else { return }
                do {
                    board.finish(template.name, try body(template))
                } catch {
                    board.fail(template.name, error)
                    return
                }
            }
        }
        // Each lane but the first gets a thread of its own (not a pool's: a lane blocks while it waits).
        let done = DispatchGroup()
        for lane in lanes.dropFirst() {
            done.enter()
            let thread = Thread {
                runLane(lane)
                done.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        if let first = lanes.first { runLane(first) }
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
}
