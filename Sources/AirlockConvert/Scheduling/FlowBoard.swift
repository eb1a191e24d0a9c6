import Foundation

/// Which flows of a conversion have finished or failed, with a condition the lanes of `FlowScheduler` wait on.
final class FlowBoard<Output>: @unchecked Sendable {
    private let condition = NSCondition()
    private var outputs: [String: Output] = [:]
    private var errors: [String: any Error] = [:]
    private var watches: [(names: [String], action: @Sendable ([Output]) -> Void)] = []

    /// Waits until every flow in `names` has finished; false as soon as one of them has failed.
    func waitFor(_ names: [String]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if names.contains(where: { errors[$0] != nil }) { return false }
            if names.allSatisfy({ outputs[$0] != nil }) { return true }
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
