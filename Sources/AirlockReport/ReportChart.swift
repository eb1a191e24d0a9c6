import AirlockIO

/// Inline SVG charts of the report page, drawn in Swift: no script, no external file. Every mark has a
/// `<title>` (a tooltip and what a screen reader says) and the numbers are written as text beside the bars.
/// Coordinates are printed with fixed decimals, so the same data gives the same bytes.
enum ReportChart {
    /// One part of a stacked bar.
    struct Segment {
        var name: String
        var value: Int
        /// A CSS class naming the colour (`created`, `updated`, …; see the page's style sheet).
        var cssClass: String
    }

    /// One stacked bar: a label, its parts and the number written at its end.
    struct StackedBar {
        var label: String
        var segments: [Segment]
        /// The whole the segments are shares of (the bar's full length); at least their sum is drawn.
        var whole: Int
        var endText: String
    }

    /// One bar of a simple bar chart.
    struct Bar {
        var label: String
        var value: Int
        var cssClass: String
        var endText: String
        var tooltip: String
    }

    private static let width = 760.0
    /// Room right of the longest bar for its number.
    private static let endWidth = 110.0
    private static let rowHeight = 24.0
    private static let barHeight = 16.0

    private static func f(_ value: Double) -> String { HTMLText.fixed(value, 1) }

    /// The SVG element's opening tag and its accessible name.
    private static func open(id: String, height: Double, title: String, description: String) -> String {
        let id = HTMLText.slug(id)
        return
            "<svg class=\"chart\" id=\"\(id)\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" viewBox=\"0 0 \(f(width)) \(f(height))\" "
            + "width=\"\(f(width))\" height=\"\(f(height))\">"
            + "<title id=\"\(id)-title\">\(HTMLText.escape(title))</title><desc id=\"\(id)-desc\">\(HTMLText.escape(description))</desc>\n"
    }

    /// Labels longer than this are cut (the full text is in the row's `<title>` and in the table below the chart).
    private static let labelLimit = 46

    /// Where bars start: right of the longest label (about 7.5 px a character at 12 px), within bounds.
    private static func barX(_ labels: [String]) -> Double {
        let longest = labels.map { min($0.count, labelLimit + 1) }.max() ?? 0
        return min(max(Double(longest) * 7.5 + 10, 100), 360)
    }

    private static func label(_ text: String, y: Double) -> String {
        "<text class=\"label\" x=\"0\" y=\"\(f(y))\">\(HTMLText.escape(HTMLText.clip(text, labelLimit)))</text>"
    }

    /// One horizontal bar per row, split into segments proportional to their share of the row's whole;
    /// a legend (with the sums over all rows) on top.
    static func stacked(
        id: String, title: String, description: String, legend: [(name: String, cssClass: String, total: Int)], bars: [StackedBar]
    ) -> String {
        // The legend, wrapped onto more lines when it does not fit the width.
        var legendMarks = ""
        var x = 0.0
        var y = 4.0
        for item in legend {
            let text = "\(item.name) \(HTMLText.number(item.total))"
            let itemWidth = 16 + Double(text.count) * 7.2 + 18
            if x > 0, x + itemWidth > width {
                x = 0
                y += 20
            }
            legendMarks += "<g><title>\(HTMLText.escape("\(item.name): \(HTMLText.number(item.total)) records in all"))</title>"
            legendMarks += "<rect class=\"\(item.cssClass)\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"12\" height=\"12\"/>"
            legendMarks += "<text x=\"\(f(x + 16))\" y=\"\(f(y + 10.5))\">\(HTMLText.escape(text))</text></g>"
            x += itemWidth
        }
        let legendHeight = y + 22
        let height = legendHeight + Double(max(bars.count, 1)) * rowHeight + 4
        var out = open(id: id, height: height, title: title, description: description)
        out += "<g class=\"legend\">" + legendMarks + "</g>\n"
        let barX = barX(bars.map(\.label))
        let barWidth = width - barX - endWidth
        for (index, bar) in bars.enumerated() {
            let top = legendHeight + Double(index) * rowHeight
            let sum = bar.segments.reduce(0) { $0 + $1.value }
            let whole = max(bar.whole, sum)
            out +=
                "<g class=\"row\"><title>\(HTMLText.escape(bar.label + ": " + bar.segments.map { "\($0.name) \(HTMLText.number($0.value))" }.joined(separator: ", ")))</title>"
            out += label(bar.label, y: top + 13)
            if whole == 0 {
                out += "<rect class=\"empty\" x=\"\(f(barX))\" y=\"\(f(top + 1))\" width=\"\(f(barWidth))\" height=\"\(f(barHeight))\"/>"
                out += "<text class=\"inside dark\" x=\"\(f(barX + 6))\" y=\"\(f(top + 13))\">no records</text>"
            } else {
                var offset = 0.0
                for segment in bar.segments where segment.value > 0 {
                    let length = barWidth * Double(segment.value) / Double(whole)
                    out +=
                        "<rect class=\"\(segment.cssClass)\" x=\"\(f(barX + offset))\" y=\"\(f(top + 1))\" width=\"\(HTMLText.fixed(length, 2))\" height=\"\(f(barHeight))\">"
                    out +=
                        "<title>\(HTMLText.escape("\(bar.label): \(segment.name) \(HTMLText.number(segment.value)) of \(HTMLText.number(whole)) (\(HTMLText.percent(segment.value, of: whole)))"))</title></rect>"
                    let text = HTMLText.number(segment.value)
                    if length >= Double(text.count) * 7 + 6 {
                        out +=
                            "<text class=\"inside \(segment.cssClass)-text\" x=\"\(f(barX + offset + length / 2))\" y=\"\(f(top + 13))\" text-anchor=\"middle\">\(text)</text>"
                    }
                    offset += length
                }
            }
            out += "<text class=\"end\" x=\"\(f(barX + barWidth + 8))\" y=\"\(f(top + 13))\">\(HTMLText.escape(bar.endText))</text></g>\n"
        }
        return out + "</svg>\n"
    }

    /// One horizontal bar per row, lengths relative to the largest value.
    static func bars(id: String, title: String, description: String, bars: [Bar]) -> String {
        let height = Double(max(bars.count, 1)) * rowHeight + 4
        var out = open(id: id, height: height, title: title, description: description)
        let largest = bars.map(\.value).max() ?? 0
        let barX = barX(bars.map(\.label))
        let barWidth = width - barX - endWidth
        for (index, bar) in bars.enumerated() {
            let top = Double(index) * rowHeight
            let length = largest > 0 ? max(1, barWidth * Double(bar.value) / Double(largest)) : 0
            out += "<g class=\"row\"><title>\(HTMLText.escape(bar.tooltip))</title>"
            out += label(bar.label, y: top + 13)
            out +=
                "<rect class=\"\(bar.cssClass)\" x=\"\(f(barX))\" y=\"\(f(top + 1))\" width=\"\(HTMLText.fixed(length, 2))\" height=\"\(f(barHeight))\"/>"
            out += "<text class=\"end\" x=\"\(f(barX + length + 6))\" y=\"\(f(top + 13))\">\(HTMLText.escape(bar.endText))</text></g>\n"
        }
        return out + "</svg>\n"
    }
}
