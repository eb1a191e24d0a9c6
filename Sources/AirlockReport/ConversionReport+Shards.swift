import AirlockIO

extension ConversionReport {
    /// What a shard kept of the exports (in its own report), or which shards a merged run was made of.
    public struct Shards: Sendable, Codable, Equatable {
        /// How many shards the conversion was cut into.
        public var count: Int
        /// A shard's report: which shard it is (from 0).
        public var index: Int?
        /// A shard's report: the exports' records of account trees (accounts, contacts, quotes, orders, invoices and
        /// their lines, both sides), those this shard owns, and the records of the largest tree.
        public var treeRecords: Int?
        public var ownedRecords: Int?
        public var largestTree: Int?
        /// A merged run: each shard's `report.json` (its folder as given to `merge`), size and SHA-256.
        public var merged: [String: FileDigest]?

        public init(
            count: Int, index: Int? = nil, treeRecords: Int? = nil, ownedRecords: Int? = nil, largestTree: Int? = nil,
            merged: [String: FileDigest]? = nil
        ) {
            self.count = count
            self.index = index
            self.treeRecords = treeRecords
            self.ownedRecords = ownedRecords
            self.largestTree = largestTree
            self.merged = merged
        }
    }
}
