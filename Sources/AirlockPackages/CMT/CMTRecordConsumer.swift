/// Receives the records of a `data.xml` as `CMTDataReader.readRecords` streams them, one at a time, without tables.
public protocol CMTRecordConsumer: AnyObject {
    /// An entity section starts; `columns` are its first columns: `@id`, then the fields the schema declares.
    func beginSection(name: String, columns: [String]) throws
    /// A column first seen in the section (a field the schema does not declare, or a record attribute `@…`), after
    /// the columns told so far; told before the record that has it.
    func addColumn(_ name: String) throws
    /// One record: its values by column, decoded as tables hold them.
    func consume(_ record: CMTRecordValues) throws
    /// The section has ended.
    func endSection() throws
}
