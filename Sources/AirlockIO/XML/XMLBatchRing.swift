internal import CLibXML2
import Foundation

/// A ring of `XMLEventBatch` slots between a parse-ahead thread, which fills them with an `XMLChunkParser`,
/// and the `XMLStreamReader` that reads them in order: parsing and using the nodes run on two cores.
///
/// At most `count` batches are held. The reader sees exactly the nodes, and the error, that it would see
/// parsing itself. Stopping (the reader is gone) lets the thread finish its current batch and exit.
final class XMLBatchRing: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<XMLEventBatch>
    private let count: Int
    private let condition = NSCondition()
    /// Batches filled and batches the reader is done with, since the start.
    private var published = 0
    private var consumed = 0
    private var stopped = false
    private var exited = false

    /// Starts the parse-ahead thread; only it uses `parser` from here on.
    init(count: Int, parser: XMLChunkParser) {
        self.count = max(2, count)
        slots = .allocate(capacity: self.count)
        for index in 0..<self.count { (slots + index).initialize(to: XMLEventBatch()) }
        nonisolated(unsafe) let producer = parser
        Thread { [self] in produce(with: producer) }.start()
    }

    deinit {
        for index in 0..<count { slots[index].release() }
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// Runs on the parse-ahead thread: fills slots until the document's last batch, or `stop()`.
    private func produce(with parser: XMLChunkParser) {
        // libxml2's generic error channel is per thread.
        cxml_silence_generic_errors()
        while true {
            condition.lock()
            while published - consumed >= count, !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                break
            }
            let slot = slots + published % count
            condition.unlock()
            parser.fill(&slot.pointee)
            let last = slot.pointee.isLast
            condition.lock()
            published += 1
            condition.broadcast()
            condition.unlock()
            if last { break }
        }
        condition.lock()
        exited = true
        condition.broadcast()
        condition.unlock()
    }

    /// The reader's first batch, once it is filled.
    func first() -> UnsafeMutablePointer<XMLEventBatch> {
        condition.lock()
        defer { condition.unlock() }
        while published == 0 { condition.wait() }
        return slots
    }

    /// The reader is done with its batch (which must not be its last): the next one, once it is filled.
    func advance() -> UnsafeMutablePointer<XMLEventBatch> {
        condition.lock()
        defer { condition.unlock() }
        consumed += 1
        condition.broadcast()
        while published == consumed { condition.wait() }
        return slots + consumed % count
    }

    /// The reader is gone: waits for the thread to exit.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !exited { condition.wait() }
        condition.unlock()
    }
}
