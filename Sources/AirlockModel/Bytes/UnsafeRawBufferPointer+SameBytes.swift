#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeRawBufferPointer {
    /// Whether the two buffers hold the same bytes (two empty buffers do, wherever they point).
    @inlinable
    public func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard let left = baseAddress, let right = other.baseAddress else { return true }
        return memcmp(left, right, count) == 0
    }
}
