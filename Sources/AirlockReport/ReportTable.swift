import AirlockIO

/// A table of the report page: a caption, column headers and rows. Rendered as plain HTML that reads well
/// without scripts; the page's script makes every `table.data` sortable (click a header) and filterable.
struct ReportTable {
    /// One cell: its HTML (already escaped) and, for a number, the value the script sorts by.
    struct Cell {
        var html: String
        var sortValue: String?
        var numeric: Bool
        var cssClass: String?

        /// Escaped text.
        static func text(_ text: String, class cssClass: String? = nil) -> Cell {
            Cell(html: HTMLText.escape(text), sortValue: nil, numeric: false, cssClass: cssClass)
        }

        /// A count, grouped by thousands, sorted by value.
        static func number(_ value: Int) -> Cell {
            Cell(html: HTMLText.number(value), sortValue: "\(value)", numeric: true, cssClass: nil)
        }

        /// HTML the caller built (and escaped); `sortValue` makes the column sort as numbers.
        static func html(_ html: String, sortValue: String? = nil, class cssClass: String? = nil) -> Cell {
            Cell(html: html, sortValue: sortValue, numeric: sortValue != nil, cssClass: cssClass)
        }
    }

    struct Column {
        var title: String
        var numeric: Bool
        init(_ title: String, numeric: Bool = false) {
            self.title = title
            self.numeric = numeric
        }
    }

    /// The table's id (also the anchor), made from a fixed name so pages stay byte-identical.
    var id: String
    var caption: String
    var columns: [Column]
    var rows: [[Cell]] = []
    /// Another class of the `table` element (`examples`: cells on one line).
    var cssClass: String?
    /// Rows kept at the bottom and never sorted or filtered (totals).
    var footer: [[Cell]] = []

    init(id: String, caption: String, columns: [Column]) {
        self.id = id
        self.caption = caption
        self.columns = columns
    }

    mutating func add(_ row: [Cell]) { rows.append(row) }

    var html: String {
        var out = "<div class=\"table-wrap\"><table class=\"data\(cssClass.map { " " + $0 } ?? "")\" id=\"\(HTMLText.escape(id))\">"
        out += "<caption>\(HTMLText.escape(caption))</caption><thead><tr>"
        for column in columns {
            out += "<th scope=\"col\"\(column.numeric ? " class=\"num\"" : "")>\(HTMLText.escape(column.title))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows { out += render(row, cellTag: "td") + "\n" }
        out += "</tbody>"
        if !footer.isEmpty {
            out += "\n<tfoot>\n"
            for row in footer { out += render(row, cellTag: "td") + "\n" }
            out += "</tfoot>"
        }
        out += "</table></div>\n"
        return out
    }

    private func render(_ row: [Cell], cellTag: String) -> String {
        var out = "<tr>"
        for (index, cell) in row.enumerated() {
            var classes: [String] = []
            if cell.numeric || (index < columns.count && columns[index].numeric) { classes.append("num") }
            if let extra = cell.cssClass { classes.append(extra) }
            let tag = index == 0 ? "th" : cellTag
            var attributes = index == 0 ? " scope=\"row\"" : ""
            if !classes.isEmpty { attributes += " class=\"\(classes.joined(separator: " "))\"" }
            if let sortValue = cell.sortValue { attributes += " data-v=\"\(HTMLText.escape(sortValue))\"" }
            out += "<\(tag)\(attributes)>\(cell.html)</\(tag)>"
        }
        return out + "</tr>"
    }
}
