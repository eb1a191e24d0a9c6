/// An integration that keeps Sales and F&O in step over live APIs and matches records on their keys: what a
/// package may be loaded for (`validate --for`, and the template set `convert` runs).
///
/// A column such an integration matches on (`accountnumber` for accounts) must be filled in a package meant for it,
/// or the sync never links the record to its counterpart in the other app.
public enum SyncIntegration: String, Sendable, Hashable, CaseIterable, Codable {
    /// Microsoft's Prospect to cash integration (Data Integrator templates and the Sales solution).
    case prospectToCash = "prospect-to-cash"
    /// Dual-write, Prospect to cash's successor.
    case dualWrite = "dual-write"

    /// The name people use, for messages: `Prospect to cash`, `dual-write`.
    public var displayName: String {
        switch self {
        case .prospectToCash: "Prospect to cash"
        case .dualWrite: "dual-write"
        }
    }

    /// Where the columns the integration matches records on are documented, for the end of a finding.
    public var keySource: String {
        switch self {
        case .prospectToCash:
            "Prospect to cash keys accounts and contacts on their numbers: Microsoft's accounts-template-mapping-direct.md, contacts-template-mapping-direct.md"
        case .dualWrite:
            "dual-write's integration keys: Microsoft's party-gab.md, step 8, and dual-write-integration-keys.md"
        }
    }
}
