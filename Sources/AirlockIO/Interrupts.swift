import AirlockModel
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an interrupt does to a run (Ctrl-C's SIGINT, or SIGTERM from a scheduler or `kill`): the staging folders of
/// the runs in progress are removed (and an output folder a run created), the ledger gets the run's line marked
/// `interrupted`, one line says what was left, and the process exits with `exitStatus` (docs/convert.md, "Exit
/// codes"). What is registered here is undone in the reverse order of registration.
public final class Interrupts: @unchecked Sendable {
    /// The exit status of an interrupted run: 128 + SIGINT, as shells report a Ctrl-C.
    public static let exitStatus: Int32 = 130

    /// The process's one registry.
    public static let shared = Interrupts()

    /// Something to undo on an interrupt, and the output folder it leaves untouched (nil: none).
    private struct Cleanup {
        var output: String?
        var run: () -> Void
    }

    private let lock = NSRecursiveLock()
    private var cleanups: [Int: Cleanup] = [:]
    private var nextToken = 0
    private var sources: [any DispatchSourceSignal] = []

    /// Handles SIGINT and SIGTERM from now on (the executable's entry point calls it once; a library caller keeps
    /// its own handling). `write` shows the one line.
    public func install(write: @escaping @Sendable (String) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue.global(qos: .userInitiated))
            source.setEventHandler { [self] in interrupted(write: write) }
            source.resume()
            sources.append(source)
        }
    }

    /// Registers `cleanup`, to be run on an interrupt until `unregister(_:)`; `output`: the output folder it keeps
    /// untouched, for the line. Returns the token to unregister it with.
    public func register(output: String?, _ cleanup: @escaping () -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextToken += 1
        cleanups[nextToken] = Cleanup(output: output, run: cleanup)
        return nextToken
    }

    /// Removes what `register` returned `token` for.
    public func unregister(_ token: Int) {
        lock.lock()
        defer { lock.unlock() }
        cleanups[token] = nil
    }

    /// Runs `body` whole before any interrupt is handled (the renames that move a run's outputs into place).
    public func withoutInterruption<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Undoes what is registered, latest first, says what was left, and exits.
    private func interrupted(write: @Sendable (String) -> Void) {
        lock.lock()
        let pending = cleanups.sorted { $0.key > $1.key }.map(\.value)
        for cleanup in pending { cleanup.run() }
        var seen: Set<String> = []
        let outputs = pending.compactMap(\.output).filter { seen.insert($0).inserted }.sorted()
        write(
            outputs.isEmpty ? "airlock: interrupted\n" : "airlock: interrupted: nothing was written to \(outputs.joined(separator: ", "))\n"
        )
        exit(Self.exitStatus)
    }
}
