/// Which part of a conversion one process runs: shard `index` of `count` (`convert --shard i/N`), counted from 0.
public struct ShardSelection: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The shard, `0 ..< count`.
    public var index: Int
    /// How many shards the conversion is cut into.
    public var count: Int

    /// Shard `index` of `count`.
    /// - Throws: `AirlockError(.usage)` unless `0 <= index < count` and `count >= 1`.
    public init(index: Int, count: Int) throws {
        guard count >= 1, count <= Self.maximumCount else {
            throw AirlockError(.usage, "a conversion is cut into 1 to \(Self.maximumCount) shards, not \(count)")
        }
        guard index >= 0, index < count else {
            throw AirlockError(.usage, "shard \(index) is not one of \(count) shards (0 to \(count - 1))")
        }
        self.index = index
        self.count = count
    }

    /// The most shards a conversion is cut into.
    public static let maximumCount = 4096

    public var description: String { "\(index)/\(count)" }
}
