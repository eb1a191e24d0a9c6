import Crypto

/// A file of lines each of which holds the SHA-256 of the line before it (the migration ledger, the key register):
/// a line changed, removed or put in afterwards shows where the chain breaks. The digests and the reasons a chain
/// breaks, in one place for every such file.
public enum LineChain {
    /// The SHA-256 of `bytes` as lower-case hex (a line's bytes, its line end excluded).
    public static func sha256(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hex(hasher.finalize())
    }

    /// Why the chain breaks at line `number` (1-based), whose `previous` is given, among lines whose digests are
    /// `digests` (in order); nil when it holds. `kind` names the file in the message (`ledger`, `register`).
    public static func breakReason(previous: String?, line number: Int, digests: [String], kind: String) -> String? {
        let index = number - 1
        if index == 0 {
            guard previous != nil else { return nil }
            return "line 1 chains to a line the \(kind) does not hold: lines were removed from its start"
        }
        if previous == digests[index - 1] { return nil }
        guard let previous else {
            return "line \(number) starts a new chain: the \(kind) did not hold line \(number - 1) when line \(number) was appended "
                + "(lines were put in before it, or two \(kind)s joined)"
        }
        if let other = digests.firstIndex(of: previous) {
            if other < index - 1 {
                return
                    "line \(number) chains to line \(other + 1): lines \(other + 2) to \(number - 1) were put in after line \(number) was appended"
            }
            return "line \(number) chains to line \(other + 1), which comes after it: lines were moved"
        }
        return "line \(number) does not chain to line \(number - 1): line \(number - 1) was changed after line \(number) was appended, "
            + "or lines between them were removed"
    }

    /// The digests of a chained file's lines, packed (32 bytes each): what a file of millions of lines keeps to check its
    /// chain and name its lines, without a text per line.
    public struct Digests: Sendable, Equatable {
        private var bytes: [UInt8] = []

        public init() {}

        /// The lines digested.
        public var count: Int { bytes.count / 32 }

        /// Digests `line` (its bytes, the line end excluded) as the next line's.
        public mutating func append(_ line: UnsafeRawBufferPointer) {
            var hasher = SHA256()
            hasher.update(bufferPointer: line)
            bytes.append(contentsOf: hasher.finalize())
        }

        /// Appends `other`'s digests, in order.
        public mutating func append(contentsOf other: Digests) { bytes += other.bytes }

        /// Line `index`'s digest (0-based) as lower-case hex.
        public func hex(_ index: Int) -> String {
            String(decoding: hexBytes(index), as: UTF8.self)
        }

        /// Whether line `index`'s digest (0-based) is the lower-case hex text `text`.
        public func matches(_ index: Int, hex text: [UInt8]) -> Bool {
            guard text.count == 64 else { return false }
            let base = index * 32
            for offset in 0..<32 {
                let byte = bytes[base + offset]
                guard text[2 * offset] == LineChain.hexDigits[Int(byte >> 4)],
                    text[2 * offset + 1] == LineChain.hexDigits[Int(byte & 0x0F)]
                else { return false }
            }
            return true
        }

        /// Every digest as hex, in order (for `LineChain.breakReason`, once a chain is known to break).
        public var hexStrings: [String] { (0..<count).map(hex) }

        private func hexBytes(_ index: Int) -> [UInt8] {
            var text: [UInt8] = []
            text.reserveCapacity(64)
            for byte in bytes[(index * 32)..<(index * 32 + 32)] {
                text.append(LineChain.hexDigits[Int(byte >> 4)])
                text.append(LineChain.hexDigits[Int(byte & 0x0F)])
            }
            return text
        }
    }

    static let hexDigits = Array("0123456789abcdef".utf8)

    /// A digest's bytes in lower-case hex.
    private static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
