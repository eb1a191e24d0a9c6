internal import CAllocator
import Foundation

/// How the process asks the C allocator (glibc's malloc) to treat the large, growing buffers of in-memory tables.
///
/// A table column grows by reallocation, and glibc, once it has freed a large block, raises its mmap threshold
/// to that size (up to 32 MiB), so the next generations of buffers come from the heap, where the ones left behind
/// stay resident. On the 1 M-record pair that was about 140 MB of convert's 790 MB peak (docs/architecture.md).
/// A fixed threshold gives every block of 256 KiB or more its own mapping, returned when freed, for about half
/// again as many page faults (tens of milliseconds of kernel time at 0.25 M records). glibc's own `MALLOC_MMAP_THRESHOLD_` environment variable, when set, wins.
public enum AllocatorTuning {
    /// The threshold `useOwnMappingsForLargeBlocks()` sets.
    public static let largeBlockThreshold = 256 * 1024

    /// Sets the fixed threshold, unless the user set one through the environment. Call once, at start-up.
    /// - Returns: whether it was set here.
    @discardableResult
    public static func useOwnMappingsForLargeBlocks() -> Bool {
        guard ProcessInfo.processInfo.environment["MALLOC_MMAP_THRESHOLD_"] == nil else { return false }
        return callocator_set_mmap_threshold(Int32(largeBlockThreshold)) == 1
    }
}
