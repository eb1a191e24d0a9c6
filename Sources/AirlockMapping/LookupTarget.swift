/// How a Sales lookup is resolved: the referenced entity and its business key.
///
/// A polymorphic lookup (`customerid`) has several: the value is matched against `account.accountnumber` or
/// `contact.msdynce_contactnumber`, in the order given.
public struct LookupTarget: Sendable, Hashable, CustomStringConvertible {
    /// The Sales entity the lookup points to (logical name).
    public var entity: String
    /// The attribute of that entity that holds the business key.
    public var keyAttribute: String

    public init(entity: String, keyAttribute: String) {
        self.entity = entity
        self.keyAttribute = keyAttribute
    }

    /// `entity(keyAttribute)`.
    public var description: String { "\(entity)(\(keyAttribute))" }
}
