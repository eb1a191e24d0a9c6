import Foundation

/// Which flows of a conversion have started, finished or failed, and which one a free worker of `FlowScheduler`
/// takes next, under a condition the workers wait on.
final class FlowBoard<Output>: @unchecked Sendable {
    private let condition = NSCondition()
    /// The flows in run order, each with the earlier flows it waits for.
    private let flows: [(name: String, reads: [String])]
    /// The positions in `flows` in the order a free worker prefers them.
    private let preference: [Int]
    private var started: Set<String> = []
    private var outputs: [String: Output] = [:]
    private var errors: [String: any Error] = [:]
    private var watches: [(names: [String], action: @Sendable ([Output]) -> Void)] = []

    /// - Parameter preference: the positions in `flows` in the order a free worker takes them when several are
    ///   ready (every position once); run order when nil.
    init(flows: [(name: String, reads: [String])], preference: [Int]? = nil) {
        self.flows = flows
        self.preference = preference ?? Array(flows.indices)
    }

    /// Claims the first flow in order of preference that has not started, comes before every failed flow in run
    /// order, and whose reads have all finished; waits while none is ready but some flow still runs. Nil when no
    /// flow is left to start.
    func claimNext() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let running = started.count > outputs.count + errors.count
            let firstFailed = flows.firstIndex { errors[$0.name] != nil } ?? flows.count
            var waiting = false
            for position in preference where position < firstFailed {
                let flow = flows[position]
                guard !started.contains(flow.name) else { continue }
                // A flow whose read failed never starts (a flow it reads comes before it, so it is after that
                // failure and skipped already; kept for safety).
                if flow.reads.contains(where: { errors[$0] != nil }) { continue }
                if flow.reads.allSatisfy({ outputs[$0] != nil }) {
                    started.insert(flow.name)
                    return flow.name
                }
                waiting = true
            }
            guard waiting, running else { return nil }
            condition.wait()
        }
    }

    /// Calls `action` once, on the thread that finishes the last of them, with the outputs of `names` in that
    /// order as soon as all of them have finished (at once when they already have); never when one fails.
    /// Several watches may wait at once; each is called on its own.
    func whenFinished(_ names: [String], _ action: @escaping @Sendable ([Output]) -> Void) {
        condition.lock()
        watches.append((names, action))
        let ready = takeWatchesIfReady()
        condition.unlock()
        for action in ready { action() }
    }

    func finish(_ name: String, _ output: Output) {
        condition.lock()
        outputs[name] = output
        condition.broadcast()
        let ready = takeWatchesIfReady()
        condition.unlock()
        for action in ready { action() }
    }

    /// The actions of the watches whose outputs are all there, bound to them, in the order the watches were set
    /// (those watches are then cleared). Under the lock.
    private func takeWatchesIfReady() -> [() -> Void] {
        var ready: [() -> Void] = []
        watches.removeAll { watch in
            let found = watch.names.compactMap { outputs[$0] }
            guard found.count == watch.names.count else { return false }
            ready.append { watch.action(found) }
            return true
        }
        return ready
    }

    func fail(_ name: String, _ error: any Error) {
        condition.lock()
        errors[name] = error
        condition.broadcast()
        condition.unlock()
    }

    func output(of name: String) -> Output? {
        condition.lock()
        defer { condition.unlock() }
        return outputs[name]
    }

    func error(of name: String) -> (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return errors[name]
    }
}
