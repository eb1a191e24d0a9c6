import Synchronization

/// How many records the process's readers have parsed and its converter has mapped so far, for progress lines: a
/// meter samples the counts and says how fast they move. The counts only grow; readers add to them in batches
/// (`RecordTally`). They are the process's: a command run in process beside another (a test) counts both.
public enum RecordProgress {
    private static let readCount = Atomic<Int>(0)
    private static let convertedCount = Atomic<Int>(0)
    private static let checkedCount = Atomic<Int>(0)

    /// Records parsed from input files (F&O entity files, Configuration Migration data) so far.
    public static var read: Int { readCount.load(ordering: .relaxed) }
    /// Source records the converter has mapped so far.
    public static var converted: Int { convertedCount.load(ordering: .relaxed) }
    /// Records parsed again from a command's own outputs (to validate or cut them) so far.
    public static var checked: Int { checkedCount.load(ordering: .relaxed) }

    /// Adds `count` records parsed.
    public static func addRead(_ count: Int) { add(count, as: .read) }
    /// Adds `count` records mapped.
    public static func addConverted(_ count: Int) { add(count, as: .converted) }
    /// Adds `count` records of `kind`.
    public static func add(_ count: Int, as kind: RecordTally.Kind) {
        switch kind {
        case .read: readCount.add(count, ordering: .relaxed)
        case .converted: convertedCount.add(count, ordering: .relaxed)
        case .checked: checkedCount.add(count, ordering: .relaxed)
        }
    }
}
