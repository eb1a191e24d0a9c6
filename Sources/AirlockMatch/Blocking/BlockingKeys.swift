import AirlockModel
import AirlockReconcile

/// The blocking keys of a record: values two records must share before they are compared at all, so that a
/// million records are not compared with a million (docs/match.md, "Candidates"). Each key is a 64-bit hash of a
/// tag and a value: pairs of name words (and of their first three letters, which survive a typo further on), a name
/// of three words or more whole (and by its words' first three letters),
/// the tax number, the e-mail address, the company's domain, each phone number, the postcode, a product number,
/// a contact's company, and the F&O key a Sales record already holds.
public enum BlockingKeys {
    /// Appends the keys of `record` to `keys`; `accountLinks` gives a Sales contact's company as the F&O account its
    /// parent is linked to (F&O records name theirs directly). `scratch` is room the key's bytes are put together in.
    public static func append(
        _ record: MatchRecord, entity: LinkedEntity, isSales: Bool, store: MatchRecordStore.View, accountLinks: [UInt64: UInt64],
        to keys: inout [UInt64], scratch: inout [UInt8]
    ) {
        var writer = BlockingKeyWriter(record: record, store: store)
        // The caller's arrays are lent to the writer and taken back, not copied.
        swap(&writer.keys, &keys)
        swap(&writer.scratch, &scratch)
        writer.addNameWords()
        if entity != .products { writer.addContactDetails() }
        if entity == .products { writer.add(8, [writer.text(.number)]) }
        if entity == .contacts { writer.add(9, hash: isSales ? accountLinks[record.parent] ?? 0 : record.parent) }
        writer.add(10, [writer.text(.comparableKey)])
        if entity != .products { writer.addStreetAddress() }
        if entity == .contacts { writer.addPersonNames() }
        swap(&writer.keys, &keys)
        swap(&writer.scratch, &scratch)
    }
}
