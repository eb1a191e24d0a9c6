import AirlockIO

/// One line of the key register (docs/ledger.md, "The key register"): a Sales record's key as a run decided it, or
/// that a run first sent the record to F&O under it.
public struct KeyRegisterEntry: Sendable, Hashable {
    /// What the line records.
    public enum Kind: String, Sendable, CaseIterable {
        /// `convert --assign-keys` gave the record this key.
        case assigned
        /// `convert --keymap` linked the record to the F&O record with this key (a match run's link, sure or accepted
        /// by a reviewer).
        case linked
        /// The record, registered on an earlier line, was first written to F&O (`fo`) by `run`, under its key.
        case sent
    }

    public var kind: Kind
    /// The Sales entity (logical name) and the record's GUID (lower case).
    public var entity: String
    public var id: String
    /// The Sales attribute that holds the key (`accountnumber`, `msdynce_contactnumber`, `productnumber`).
    public var attribute: String
    public var key: String
    /// The F&O entity (label) that holds the record under the key: the linked record's, or the one a run wrote it
    /// to; nil for a key given to a record no run has sent to F&O yet (filtered, rejected).
    public var fo: String?
    /// The F&O field that holds the key there (the entity's key field the templates join on: `CUSTOMERACCOUNT`,
    /// `CONTACTPERSONPARTYNUMBER`); nil without `fo`.
    public var foField: String?
    /// The run that decided it: its output folder, relative to the register's folder (as the ledger names it).
    public var run: String
    /// The register's line (1-based; 0 for an entry not written yet).
    public var line: Int

    public init(
        kind: Kind, entity: String, id: String, attribute: String, key: String, fo: String?, foField: String?, run: String = "",
        line: Int = 0
    ) {
        self.kind = kind
        self.entity = entity
        self.id = id
        self.attribute = attribute
        self.key = key
        self.fo = fo
        self.foField = fo == nil ? nil : foField
        self.run = run
        self.line = line
    }

    /// The line's text (keys in name order, as every JSON the tool writes), chained to `previous`.
    func encoded(previous: String?) -> [UInt8] {
        var fields: [(key: String, value: String)] = [("attribute", attribute), ("entity", entity)]
        if let fo, let foField { fields += [("fo", fo), ("foField", foField)] }
        fields += [("id", id), ("key", key), ("kind", kind.rawValue)]
        if let previous { fields.append(("previous", previous)) }
        fields.append(("run", run))
        return FlatJSONLine.encode(fields)
    }
}
