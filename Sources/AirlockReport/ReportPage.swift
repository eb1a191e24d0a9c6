import AirlockIO
import AirlockModel
import AirlockValidate
import Foundation

/// `report.html`: one self-contained page (inline CSS, inline SVG charts, a small inline script; nothing
/// fetched) that shows a conversion's or a validation's report to people, on screen or on paper.
///
/// The page is a function of the report alone: no time of rendering, no random ids, dictionaries in sorted
/// order, so the same report gives the same bytes. Its size grows with the number of flows, rules, fields and
/// reasons, never with the number of records. Every value taken from the report is HTML-escaped.
public enum ReportPage {
    /// Reject rows shown per flow by default (after the header).
    public static let defaultExampleRows = 5

    /// The page of a conversion.
    /// - Parameters:
    ///   - rejectExamples: flow → the first lines of its reject CSV (header first, then rows), e.g. from
    ///     `rejectExamples(in:)`.
    ///   - duration: how long the run took, in seconds, when known (it is not in report.json).
    public static func html(conversion: ConversionReport, rejectExamples: [String: [[String]]] = [:], duration: Double? = nil) -> String {
        ConversionPage(report: conversion, rejectExamples: rejectExamples, duration: duration).html
    }

    /// The page of a validation run.
    /// - Parameter duration: how long the validation took, in seconds, when known.
    public static func html(validation: ValidationReport, duration: Double? = nil) -> String {
        ValidationPage(report: validation, duration: duration).html
    }

    /// The first `rows` records (after the header) of each `*.csv` in `folder` (a conversion's `rejects/`),
    /// by flow (the file name without `.csv`). A missing folder gives none; an unreadable file gives what
    /// could be read before the problem.
    public static func rejectExamples(in folder: String, rows: Int = defaultExampleRows) -> [String: [[String]]] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [:] }
        var examples: [String: [[String]]] = [:]
        for name in names.sorted() where name.hasSuffix(".csv") && !name.hasPrefix(".") {
            let records = csvRecords(folder + "/" + name, rows: rows)
            if !records.isEmpty { examples[String(name.dropLast(4))] = records }
        }
        return examples
    }

    /// Writes `html` to `path` atomically: a temporary file in the same folder, then a rename over `path`.
    /// - Throws: `AirlockError(.io)` naming `path`.
    public static func write(_ html: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".airlock-\(ProcessInfo.processInfo.processIdentifier).tmp"
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw AirlockError(.io, "cannot write the report page", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
        if rename(temporary, path) != 0 {
            let cause = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw AirlockError(.io, "cannot write the report page", at: SourceLocation(file: path), cause: cause)
        }
    }
}

/// The frame every page shares: head, style sheet, navigation, script.
enum PageFrame {
    /// A complete document around `body`.
    static func document(title: String, navigation: [(id: String, title: String)], body: String, footer: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        // Nothing may be fetched: the page is read offline, from a mail or a ticket.
        out +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\"/>\n"
        out += "<meta name=\"generator\" content=\"airlock\"/>\n"
        out += "<title>\(HTMLText.escape(title))</title>\n<style>\n\(style)</style>\n</head>\n<body>\n"
        out += "<nav aria-label=\"Sections\"><ul>"
        for item in navigation { out += "<li><a href=\"#\(item.id)\">\(HTMLText.escape(item.title))</a></li>" }
        out += "</ul></nav>\n<main>\n\(body)</main>\n<footer>\(footer)</footer>\n<script>\n\(script)</script>\n</body>\n</html>\n"
        return out
    }

    /// A section with an anchor and a heading.
    static func section(_ id: String, _ title: String, _ content: String) -> String {
        "<section id=\"\(id)\" aria-labelledby=\"\(id)-h\">\n<h2 id=\"\(id)-h\">\(HTMLText.escape(title))</h2>\n\(content)</section>\n"
    }

    /// A paragraph of escaped text.
    static func paragraph(_ text: String, class cssClass: String? = nil) -> String {
        "<p\(cssClass.map { " class=\"\($0)\"" } ?? "")>\(HTMLText.escape(text))</p>\n"
    }

    /// The headline numbers as a row of cards; each value gets the id `prefix-<name>` for scripts and tests.
    static func cards(_ items: [(name: String, value: String, cssClass: String?)], prefix: String) -> String {
        var out = "<dl class=\"cards\">"
        for item in items {
            out += "<div class=\"card\(item.cssClass.map { " " + $0 } ?? "")\"><dt>\(HTMLText.escape(item.name))</dt>"
            out += "<dd id=\"\(prefix)-\(HTMLText.slug(item.name))\">\(HTMLText.escape(item.value))</dd></div>"
        }
        return out + "</dl>\n"
    }

    /// A definition list of facts (names and values escaped).
    static func facts(_ items: [(name: String, value: String)]) -> String {
        var out = "<dl class=\"facts\">"
        for item in items { out += "<dt>\(HTMLText.escape(item.name))</dt><dd>\(HTMLText.escape(item.value))</dd>" }
        return out + "</dl>\n"
    }

    /// The style sheet: screen and print. It holds no `<` or `&`, so the page also parses as XML.
    static let style = """
        :root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --soft: #f6f8fa;
          --created: #2e7d32; --updated: #1565c0; --unchanged: #8c959f; --filtered: #d4a017; --rejected: #c62828;
          --generated: #6a1b9a; --error: #c62828; --warning: #b26a00; --notice: #57606a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: #fff; }
        nav { position: sticky; top: 0; z-index: 2; background: var(--soft); border-bottom: 1px solid var(--line); padding: 6px 24px; }
        nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 16px; }
        nav a { color: var(--updated); text-decoration: none; }
        nav a:hover, nav a:focus { text-decoration: underline; }
        main { max-width: 1180px; padding: 8px 24px 24px; }
        h1 { font-size: 24px; margin: 16px 0 4px; }
        h2 { font-size: 18px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h3 { font-size: 15px; margin: 18px 0 6px; }
        .subtitle { color: var(--muted); margin: 0 0 12px; }
        .banner { border: 2px solid; border-radius: 6px; padding: 10px 14px; margin: 12px 0; font-size: 15px; }
        .banner.bad { border-color: var(--error); background: #fdecea; color: #7f1010; }
        .banner.good { border-color: var(--created); background: #e8f5e9; color: #1b4d1e; }
        .banner.note { border-color: var(--warning); background: #fff4e0; color: #5c3700; }
        .banner strong { text-transform: uppercase; letter-spacing: .04em; }
        .cards { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0; padding: 0; }
        .card { border: 1px solid var(--line); border-left: 6px solid var(--unchanged); border-radius: 6px; padding: 6px 12px; min-width: 112px; }
        .card dt { color: var(--muted); font-size: 12px; }
        .card dd { margin: 0; font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
        .card.created { border-left-color: var(--created); } .card.updated { border-left-color: var(--updated); }
        .card.filtered { border-left-color: var(--filtered); } .card.rejected { border-left-color: var(--rejected); }
        .card.error { border-left-color: var(--error); } .card.warning { border-left-color: var(--warning); }
        .card.notice { border-left-color: var(--notice); }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
        .facts dt { color: var(--muted); } .facts dd { margin: 0; overflow-wrap: anywhere; }
        .table-wrap { overflow-x: auto; margin: 6px 0 14px; }
        table.data { border-collapse: collapse; font-size: 13px; }
        table.data caption { text-align: left; color: var(--muted); padding: 2px 0 4px; caption-side: top; }
        table.data th, table.data td { border: 1px solid var(--line); padding: 3px 8px; vertical-align: top; text-align: left; }
        table.data thead th { background: var(--soft); white-space: nowrap; }
        table.data tbody th { font-weight: 600; white-space: nowrap; }
        table.data.examples td { white-space: nowrap; }
        table.data.examples td.wide { white-space: normal; min-width: 320px; }
        table.data tfoot th, table.data tfoot td { font-weight: 700; background: var(--soft); }
        table.data .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        table.data td.wide { max-width: 820px; overflow-wrap: anywhere; }
        table.data td.code, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
        table.data th.sortable { cursor: pointer; user-select: none; }
        table.data th.sortable::after { content: " \\2195"; color: var(--muted); font-size: 11px; }
        table.data th[aria-sort=ascending]::after { content: " \\25B2"; color: var(--ink); }
        table.data th[aria-sort=descending]::after { content: " \\25BC"; color: var(--ink); }
        .ok { color: var(--created); font-weight: 700; } .bad { color: var(--error); font-weight: 700; }
        .sev-error { color: var(--error); font-weight: 600; } .sev-warning { color: var(--warning); font-weight: 600; }
        .sev-notice { color: var(--notice); }
        input.filter { font: inherit; font-size: 12px; padding: 2px 8px; margin: 0 8px 0 12px; border: 1px solid var(--line); border-radius: 4px; min-width: 240px; }
        .filter-count { color: var(--muted); font-size: 12px; }
        .none { color: var(--muted); font-style: italic; }
        svg.chart { display: block; max-width: 100%; height: auto; margin: 8px 0 4px; font-size: 12px; overflow: visible;
          -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        svg.chart text { fill: var(--ink); font-family: inherit; }
        svg.chart text.inside { font-size: 11px; fill: #fff; }
        svg.chart text.inside.dark, svg.chart text.filtered-text, svg.chart text.unchanged-text { fill: #1b1f24; }
        svg.chart .row:hover rect { opacity: .85; }
        .created { fill: var(--created); } .updated { fill: var(--updated); } .unchanged { fill: var(--unchanged); }
        .filtered { fill: var(--filtered); } .rejected { fill: var(--rejected); } .generated { fill: var(--generated); }
        .error { fill: var(--error); } .warning { fill: var(--warning); } .notice { fill: var(--notice); }
        rect.empty { fill: none; stroke: var(--line); stroke-dasharray: 4 3; }
        ul.plain { margin: 4px 0; padding-left: 20px; }
        footer { color: var(--muted); font-size: 12px; padding: 12px 24px 24px; border-top: 1px solid var(--line); }
        @media print {
          @page { margin: 14mm; }
          body { font-size: 10pt; }
          nav, input.filter, .filter-count { display: none; }
          main { max-width: none; padding: 0; }
          h2 { break-after: avoid; page-break-after: avoid; }
          tr, svg.chart, .card { break-inside: avoid; page-break-inside: avoid; }
          .table-wrap { overflow: visible; }
          table.data { font-size: 8.5pt; }
          table.data td.wide { max-width: none; }
          table.data.examples td { white-space: normal; overflow-wrap: anywhere; }
          table.data th.sortable::after { content: none; }
          .banner, .card, table.data thead th, table.data tfoot td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          footer { padding: 8px 0; }
        }

        """

    /// Sorting (click or Enter on a header) and filtering (a text box above each table) for `table.data`.
    /// Without scripts the tables are simply static. It holds no `<` or `&`, so the page also parses as XML.
    static let script = """
        (function () {
          "use strict";
          function each(list, f) { Array.prototype.forEach.call(list, f); }
          function key(row, i) {
            var cell = row.cells[i];
            if (!cell) { return ""; }
            var v = cell.getAttribute("data-v");
            return v === null ? cell.textContent.trim().toLowerCase() : Number(v);
          }
          each(document.querySelectorAll("table.data"), function (table) {
            var body = table.tBodies[0];
            if (!body || !table.tHead) { return; }
            each(body.rows, function (row, i) { row.setAttribute("data-i", String(i)); });
            var heads = table.tHead.rows[0].cells;
            each(heads, function (head, i) {
              head.tabIndex = 0;
              head.classList.add("sortable");
              head.title = "Sort by " + head.textContent;
              function sort() {
                var up = head.getAttribute("aria-sort") !== "ascending";
                each(heads, function (h) { h.removeAttribute("aria-sort"); });
                head.setAttribute("aria-sort", up ? "ascending" : "descending");
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (a, b) {
                  var x = key(a, i), y = key(b, i);
                  var c = x === y ? 0 : (x > y ? 1 : -1);
                  return (up ? c : -c) || (Number(a.getAttribute("data-i")) - Number(b.getAttribute("data-i")));
                });
                each(rows, function (row) { body.appendChild(row); });
              }
              head.addEventListener("click", sort);
              head.addEventListener("keydown", function (e) {
                if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
              });
            });
            if (body.rows.length > 3) {
              var box = document.createElement("input");
              box.type = "search";
              box.className = "filter";
              box.placeholder = "Filter rows";
              box.setAttribute("aria-label", "Filter: " + (table.caption ? table.caption.textContent : "table"));
              var count = document.createElement("span");
              count.className = "filter-count";
              count.setAttribute("aria-live", "polite");
              box.addEventListener("input", function () {
                var q = box.value.trim().toLowerCase(), shown = 0;
                each(body.rows, function (row) {
                  var hit = !q || row.textContent.toLowerCase().indexOf(q) !== -1;
                  row.style.display = hit ? "" : "none";
                  if (hit) { shown += 1; }
                });
                count.textContent = q ? shown + " of " + body.rows.length + " rows" : "";
              });
              var place = table.caption || table.parentNode.parentNode.insertBefore(document.createElement("div"), table.parentNode);
              place.appendChild(document.createTextNode(" "));
              place.appendChild(box);
              place.appendChild(count);
            }
          });
        }());

        """
}
