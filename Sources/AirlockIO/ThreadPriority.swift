#if canImport(Glibc)
import Glibc
#endif

/// Scheduling priority for a thread that should run on what more urgent threads leave idle: reading the
/// smaller export while the larger one's parser holds a core, or digesting the inputs for the report.
///
/// On Linux a thread's nice value is its own (`setpriority(PRIO_PROCESS, 0, …)` changes the calling thread
/// alone), threads it starts inherit it, and a process without privileges cannot lower it again. So lower it
/// only on a thread that is started for the work and ends with it, never on a Dispatch worker or the main
/// thread. Elsewhere (macOS) the call does nothing and the work runs at the usual priority.
public enum ThreadPriority {
    /// The nice value given to background work: such a thread gets about a tenth of a core that a thread of
    /// normal priority also wants, and all of an idle one.
    public static let backgroundNiceValue: Int32 = 10

    /// Gives the calling thread (and the threads it starts from now on) the background priority, for good.
    /// A failure (a sandbox that refuses the call) leaves the priority as it was: only speed depends on it.
    public static func lowerCurrentThread() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, backgroundNiceValue)
        #endif
    }
}
