/// A destination for bytes: a file, a zip entry being written, or memory.
public protocol ByteSink: AnyObject {
    /// Writes all of `bytes`.
    /// - Throws: `AirlockError` when the destination fails.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}
