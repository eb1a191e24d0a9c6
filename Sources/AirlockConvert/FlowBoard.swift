import Foundation

/// Which flows of a conversion have finished or failed, with a condition the lanes of `FlowScheduler` wait on.
final class FlowBoard<Output>: @unchecked Sendable {
    private let condition = NSCondition()
    private var outputs: [String: Output] = [:]
    private var errors: [String: any Error] = [:]

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

    func finish(_ name: String, _ output: Output) {
        condition.lock()
        outputs[name] = output
        condition.broadcast()
        condition.unlock()
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
