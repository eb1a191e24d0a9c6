/// Zip bytes pinned at a stable address for libarchive's memory reader, freed when the last user goes.
/// Never written after `init`, so it may be shared between threads.
final class ZipMemoryImage: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 1)
        bytes.withUnsafeBytes { raw in
            if let source = raw.baseAddress { base.copyMemory(from: source, byteCount: count) }
        }
    }

    deinit {
        base.deallocate()
    }
}
