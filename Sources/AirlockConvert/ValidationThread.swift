import AirlockModel
import AirlockValidate
import Foundation

/// Runs a validation on a thread of its own (not a Dispatch worker: the caller may itself be one, and waits).
final class ValidationThread: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<ValidationReport, any Error>?

    init(_ body: @escaping @Sendable () throws -> ValidationReport) {
        let thread = Thread { [self] in
            outcome = Result { try body() }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the validation and returns its report, or rethrows its error.
    func result() throws -> ValidationReport {
        done.wait()
        done.signal()
        guard let outcome else { throw AirlockError(.io, "the validation thread ended without a result") }
        return try outcome.get()
    }
}
