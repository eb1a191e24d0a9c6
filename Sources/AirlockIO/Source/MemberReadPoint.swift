/// A place in a member (`MemberBytes`) from which it can be read without what comes before: the member's bytes from
/// `output` on are those inflated from stored byte `input` on (after the last `bits` bits of the byte before it),
/// with `window`, the up to 32 KiB of output before `output`, as what deflate's matches may refer back to. For a member
/// stored plain, `input` is `output` and there is no window.
public struct MemberReadPoint: Sendable, Equatable {
    public var output: Int64
    public var input: Int64
    public var bits: Int
    public var window: [UInt8]

    public init(output: Int64, input: Int64, bits: Int, window: [UInt8]) {
        self.output = output
        self.input = input
        self.bits = bits
        self.window = window
    }
}
