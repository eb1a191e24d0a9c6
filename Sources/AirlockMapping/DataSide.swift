/// One of the two systems a flow connects.
public enum DataSide: String, Sendable, Hashable, CaseIterable {
    /// Dynamics 365 Sales (Dataverse): entities by logical name, attributes in lower case.
    case sales
    /// Finance and Operations: data entities by DMF label, fields in upper case.
    case fo
}
