import AirlockModel

/// Resolves references (an order's customer, a line's product, a line's header) by business key against the
/// records being written and the target side's export.
///
/// The output side is searched first: when a record is in both, the one this conversion writes is the one the
/// import will see. A reference found on neither side makes the referring record an `orphan-reference`.
public struct ReferenceResolver: Sendable {
    /// The referenced entity, for messages (e.g. `account`, `CustCustomerV3Entity`).
    public var entity: String
    public let output: KeyIndex?
    public let target: KeyIndex?

    /// A resolver over either or both sides' indexes of the referenced entity.
    public init(entity: String, output: KeyIndex?, target: KeyIndex?) {
        self.entity = entity
        self.output = output
        self.target = target
    }

    /// Finds `key`.
    public func resolve(_ key: NaturalKey) -> ReferenceResolution {
        if let row = output?.row(for: key) { return .output(row: row) }
        if let row = target?.row(for: key) { return .target(row: row) }
        return .missing
    }

    /// Finds the key that row `row` of `referring.table` holds in `referring`'s columns (for example an order
    /// table's customer-account column bound as the key of the customer).
    public func resolve(_ referring: BoundKey, row: Int) -> ReferenceResolution {
        if let output, output.isCompatible(with: referring), let found = output.row(matching: referring, row: row) {
            return .output(row: found)
        }
        if let target, target.isCompatible(with: referring), let found = target.row(matching: referring, row: row) {
            return .target(row: found)
        }
        return .missing
    }

    /// The outcome for a reference: nil when it resolves, else `orphan-reference` naming the entity and key.
    public func rejection(_ referring: BoundKey, row: Int, field: String) -> RecordOutcome? {
        guard resolve(referring, row: row) == .missing else { return nil }
        return .rejected(
            .orphanReference,
            detail: "\(field) \(referring.naturalKey(row: row)) names a \(entity) found neither in the output nor in the target export")
    }

    /// The line rows to reject `header-rejected`: those whose header (found through `lines`, the lines' parent
    /// key, in `headers`) is one of `rejectedHeaderRows`. Lines whose header is not found are not returned (they
    /// are orphans, a different reason).
    /// - Parameters:
    ///   - lines: the lines table bound to the columns that hold the header's key (same shape as `headers`).
    ///   - headers: the index of the header table the rejected rows belong to.
    ///   - rejectedHeaderRows: the rejected header rows.
    /// - Returns: the line rows, ascending.
    public static func headerRejectedLines(lines: BoundKey, headers: KeyIndex, rejectedHeaderRows: Set<Int>) -> [Int] {
        guard !rejectedHeaderRows.isEmpty, headers.isCompatible(with: lines) else { return [] }
        var result: [Int] = []
        for row in 0..<lines.table.rowCount {
            if let header = headers.row(matching: lines, row: row), rejectedHeaderRows.contains(header) { result.append(row) }
        }
        return result
    }

    /// The `header-rejected` outcome for a line of a rejected header.
    public static func headerRejected(lines: BoundKey, row: Int) -> RecordOutcome {
        .rejected(.headerRejected, detail: "header \(lines.naturalKey(row: row)) was rejected")
    }
}
