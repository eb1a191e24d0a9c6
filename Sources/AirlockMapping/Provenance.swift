/// Where a template value comes from: the confidence tags of the P2C reference.
public enum Provenance: String, Sendable, Hashable, CaseIterable {
    /// Stated in the text of the Microsoft P2C docs.
    case doc
    /// Read from a template-mapping screenshot.
    case img
    /// Taken from the Common Data Model entity docs or the OData metadata.
    case cdm
    /// An inference that no source confirms: a default worth checking.
    case inferred
}
