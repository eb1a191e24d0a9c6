import Foundation

/// Reads a file handle to its end on a thread of its own, so that both pipes of a child are drained at once and
/// a child that fills one of them cannot block. A thread rather than a Dispatch queue: the read blocks, and the
/// Dispatch pool is small (two cores) and shared with the tests.
final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written by the reading thread before `done` is signalled, read only after waiting for it.
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    /// The bytes read, once the writing end is closed.
    func wait() -> Data {
        done.wait()
        return data
    }
}
