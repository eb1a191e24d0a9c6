/// Sees `data.xml` as `CMTDataWriter` writes it, node by node, as a reader parsing the written file would see it:
/// the same order, the same lines, and every value as the parser would hand it over (escaping undone), so a
/// check can run on what is written without parsing it again.
///
/// Lines are the lines of the written file (1-based, the line of each start tag); the writer keeps `line` at
/// its current line across calls. Values are the writer's own bytes, valid only during the call: `string`
/// values as the table holds them, before HTML encoding, all other values in the canonical form written.
public protocol CMTDataObserver: AnyObject {
    /// The line the writer is on; the writer reads it when it starts a piece of the file and sets it when done.
    var line: Int { get set }
    /// The root element `<entities>` was written on `line`, with its `timestamp` attribute (if any).
    func rootStarted(timestamp: String?, line: Int)
    /// An `<entity name="…">` section starts on `line`.
    func sectionStarted(name: String, line: Int)
    /// A `<record id="…">` starts on `line`; `id` is the id attribute as written.
    func recordStarted(id: UnsafeRawBufferPointer, line: Int)
    /// A `<field>` of the current record (or party member): `column` is its column in the section's record table
    /// (party member fields: in the member table), stable for the section.
    /// - Parameters:
    ///   - value: the `value` attribute as a parser returns it, except that `string` values come before HTML encoding.
    ///   - lookupEntity: the `lookupentity` attribute, nil when the field has none.
    ///   - hasMembers: party list members follow (`partyMemberStarted` … `partyMembersEnded`).
    func field(column: Int, name: String, value: UnsafeRawBufferPointer, lookupEntity: UnsafeRawBufferPointer?, line: Int, hasMembers: Bool)
    /// An `<activitypointerrecords id="…">` member of the party list field just reported starts on `line`.
    func partyMemberStarted(id: UnsafeRawBufferPointer, line: Int)
    /// A field of the current party member, with its `lookupentity` attribute (nil: none).
    func partyMemberField(name: String, value: UnsafeRawBufferPointer, lookupEntity: UnsafeRawBufferPointer?, line: Int)
    /// The members of the party list field just reported are all written.
    func partyMembersEnded()
    /// The current record is complete.
    func recordEnded()
    /// An `<m2mrelationship>` of the current section starts on `line`, with its attributes as written.
    func manyToManyStarted(name: String?, sourceID: String?, line: Int)
    /// A `<targetid>` of the current many-to-many relationship, on `line`.
    func manyToManyTarget(_ id: String, line: Int)
}
