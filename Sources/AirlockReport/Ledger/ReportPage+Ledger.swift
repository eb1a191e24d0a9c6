import Foundation

extension ReportPage {
    /// The page of a migration ledger: the chain's state, the timeline, the lineage and each run's files.
    public static func html(ledger: LedgerReading) -> String {
        LedgerPage(reading: ledger).html
    }

    /// The page's default file name beside the ledger at `path`: the ledger's name with `.html` for its extension
    /// (`airlock-ledger.html`).
    public static func ledgerPageName(for path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".html"
    }
}
