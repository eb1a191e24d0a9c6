import AirlockIO
import AirlockModel
import AirlockValidate

/// An output package built, written and validated on a thread of its own, started once while the conversion
/// goes on (`SalesPackageJob`, `FOPackageJob`), and waited for before the output folder is committed or discarded.
final class PackageJob: Sendable {
    /// The package's file name, for messages.
    let name: String
    private let task = LockedValueBox<BackgroundTask<ValidationReport?>?>(nil)

    init(name: String) {
        self.name = name
    }

    /// Starts `body`, which returns the package's validation, or nil when it wrote no file.
    func start(_ body: @escaping @Sendable () throws -> ValidationReport?) {
        let task = BackgroundTask<ValidationReport?>(body)
        self.task.withLockedValue { $0 = task }
    }

    /// Waits for the job: the package's validation, or nil when no record was written (and no file).
    /// - Throws: the job's error; `.io` when it was never started.
    func result() throws -> ValidationReport? {
        guard let task = task.withLockedValue({ $0 }) else { throw AirlockError(.io, "\(name) was never started") }
        return try task.result()
    }

    /// Waits for the job if it was started, dropping its outcome (before the staging folder it writes into goes).
    func waitIfStarted() {
        guard task.withLockedValue({ $0 }) != nil else { return }
        _ = try? result()
    }
}
