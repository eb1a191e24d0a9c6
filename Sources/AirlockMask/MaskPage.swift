import AirlockIO

/// Writes `mask.html`: the key's fingerprint, the checks run on the written packages, each entity's records, each
/// masked column with its method and counts, the clear columns that look personal, and what masking leaves as it
/// was. Counts and names only, never a value. One self-contained page (no script, no fetches).
enum MaskPage {
    static func html(_ report: MaskReport) -> String {
        var page = HTMLText.pageStart(
            title: "Airlock mask", style: ".ok{color:#3a7a40}.bad{color:#b03020}.small{color:#666;font-size:.9em}\n")
        page += """
            <h1>Airlock mask</h1>
            <p>Masked with the key whose fingerprint is <b>\(HTMLText.escape(report.keyFingerprint))</b> (a keyed digest of the key: \
            the same key gives the same fingerprint; it does not reveal the key). Each replacement is drawn from the value and the \
            key alone, so the same value masks alike in both exports and in a later wave masked with the same key. \
            Keys, lookups and record ids are never masked.</p>

            """
        page += files(report) + checks(report) + records(report) + maskedColumns(report) + clearText(report)
        page += lookingPersonal(report)
        page += """
            <h2>What masking leaves as it was</h2>
            <p>Record counts, amounts, quantities, prices, dates of documents, option values, reference data (currencies, units, \
            price lists, products), cities, states and countries, and the shape of the data (which customers have many orders) \
            stay as exported: a rehearsal needs them, and they can still tell a reader something. Columns no policy names stay \
            clear. Keep the key where the clear exports are kept (docs/mask.md).</p>
            </body></html>

            """
        return page
    }

    /// A side as the page names it.
    private static func system(_ side: String) -> String { side == "fo" ? "F&amp;O" : "Sales" }

    /// A count in a right-aligned cell.
    private static func cell(_ value: Int) -> String { "<td class=n>\(HTMLText.number(value))</td>" }

    /// The files read and written, side by side.
    private static func files(_ report: MaskReport) -> String {
        var page = "<h2>Files</h2>\n<table><tr><th>read</th><th>written</th></tr>\n"
        let inputs = report.inputs.sorted { $0.key < $1.key }.map { "\(system($0.key)): \(HTMLText.escape($0.value))" }
        let rows = max(inputs.count, report.outputs.count)
        for row in 0..<rows {
            let input = row < inputs.count ? inputs[row] : ""
            let output = row < report.outputs.count ? HTMLText.escape(report.outputs[row]) : ""
            page += "<tr><td>\(input)</td><td>\(output)</td></tr>\n"
        }
        return page + "</table>\n"
    }

    /// The checks run on the written packages, passed or not, with what each found.
    private static func checks(_ report: MaskReport) -> String {
        var page = "<h2>Checks</h2>\n<table><tr><th>check</th><th></th><th>found</th></tr>\n"
        for check in report.checks {
            let outcome = check.passed ? "<td class=ok>passed</td>" : "<td class=bad>see</td>"
            page += "<tr><td>\(HTMLText.escape(check.name))</td>\(outcome)<td>\(HTMLText.escape(check.detail))</td></tr>\n"
        }
        return page + "</table>\n"
    }

    /// Each entity's records read, and in the written package.
    private static func records(_ report: MaskReport) -> String {
        var page = "<h2>Records</h2>\n<table><tr><th>side</th><th>entity</th><th>records</th><th>in the written package</th></tr>\n"
        for entity in report.entities {
            page += "<tr><td>\(system(entity.side))</td><td>\(HTMLText.escape(entity.entity))</td>\(cell(entity.records))"
            page += entity.written.map(cell) ?? "<td class=n>—</td>"
            page += "</tr>\n"
        }
        return page + "</table>\n"
    }

    /// Each masked column with its method and counts, then the columns the policy names that hold no value.
    private static func maskedColumns(_ report: MaskReport) -> String {
        var page = "<h2>Masked columns</h2>\n"
        page +=
            "<p class=small>Values: the column's non-empty values, each replaced; distinct: how many different ones; unchanged: "
            + "values the method found nothing to replace in (an initial, a legal form alone); cut: replacements shortened to the "
            + "column's length in the catalog.</p>\n"
        page += "<table><tr><th>side</th><th>entity</th><th>column</th><th>method</th><th>values</th><th>distinct</th>"
        page += "<th>unchanged</th><th>cut</th><th>in free text</th></tr>\n"
        for column in report.columns where column.masked > 0 {
            page += "<tr><td>\(system(column.side))</td><td>\(HTMLText.escape(column.entity))</td>"
            page += "<td>\(HTMLText.escape(column.column))</td><td>\(HTMLText.escape(column.method))</td>"
            page += cell(column.masked) + cell(column.distinct) + cell(column.unchanged) + cell(column.shortened)
            page += (column.method == MaskMethod.text.rawValue ? cell(column.sought) : "<td class=n>—</td>") + "</tr>\n"
        }
        page += "</table>\n"
        let empty = report.columns.filter { $0.masked == 0 }.map {
            "\(system($0.side)) \(HTMLText.escape($0.entity)).\(HTMLText.escape($0.column))"
        }
        if !empty.isEmpty {
            page += "<p class=small>Named by the policy, without values in these exports: \(empty.joined(separator: ", ")).</p>\n"
        }
        return page
    }

    /// The text columns left clear that were searched for masked values, with what was found and replaced.
    private static func clearText(_ report: MaskReport) -> String {
        var page = "<h2>Text left clear, searched for masked values</h2>\n"
        page +=
            "<p class=small>Every masked value (\(HTMLText.number(report.sought)) distinct ones of two words or more, or of one word of "
            + "\(MaskPhrases.singleWordMinimum) letters or more) was sought in every text column left clear, as its folded words, and "
            + "replaced where found by the same masked text as the value itself. Free text the policy masks (<code>text</code>) was "
            + "searched too: <i>in free text</i> in the table above. Values: the column's non-empty values; holding: the values that "
            + "held a masked value; replaced: the masked values replaced in them. A column the policy keeps clear (<code>keep</code>) "
            + "is counted, not changed. Keys and lookups are not searched: they are never changed.</p>\n"
        page += "<table><tr><th>side</th><th>entity</th><th>column</th><th>values</th><th>holding</th><th>replaced</th></tr>\n"
        for column in report.clearColumns where column.values > 0 {
            let replaced = column.kept ? "<td class=bad>kept clear</td>" : cell(column.replaced)
            page += "<tr><td>\(system(column.side))</td><td>\(HTMLText.escape(column.entity))</td>"
            page += "<td>\(HTMLText.escape(column.column))</td>" + cell(column.values) + cell(column.found) + replaced + "</tr>\n"
        }
        return page + "</table>\n"
    }

    /// The clear text columns whose values look like e-mail addresses or phone numbers (nothing when none does).
    private static func lookingPersonal(_ report: MaskReport) -> String {
        guard !report.clearLookingPersonal.isEmpty else { return "" }
        var page = "<h2>Left clear, but looking personal</h2>\n<p>Text columns the policy leaves clear whose values look like "
        page += "e-mail addresses or phone numbers: name them in a <code>--policy</code> file, or keep them clear on purpose.</p><ul>\n"
        for line in report.clearLookingPersonal { page += "<li>\(HTMLText.escape(line))</li>\n" }
        return page + "</ul>\n"
    }
}
