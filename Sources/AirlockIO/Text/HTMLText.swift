import Foundation

/// Text helpers of the HTML pages: escaping, number formatting and clipping, all locale-independent so the
/// same report gives the same bytes on every machine. Package-wide: every verb's page escapes through it.
package enum HTMLText {
    /// `text` safe as HTML (and XML) element content or a quoted attribute value: `& < > " '` become
    /// references; control characters other than tab, LF and CR, and the non-characters U+FFFE/U+FFFF, become
    /// U+FFFD (they are not allowed in XML and only confuse a browser).
    package static func escape(_ text: String) -> String {
        var clean = true
        for byte in text.utf8
        where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte < 0x20 || byte == 0x7F || byte == 0xC2
            || byte == 0xEF
        {
            clean = false
            break
        }
        if clean { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            case "\t", "\n", "\r": out.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    out.append("\u{FFFD}")
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    /// `text` cut to `limit` characters, with an ellipsis when cut.
    package static func clip(_ text: String, _ limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `1234567` as `1,234,567`.
    package static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// `part` as a percentage of `whole` with one decimal (`0.0%` when `whole` is 0).
    package static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0.0%" }
        return fixed(Double(part) * 100 / Double(whole), 1) + "%"
    }

    /// `value` with `decimals` digits after the point (a point, whatever the locale).
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// A byte count for people: `9,476 bytes (9.3 KiB)`.
    package static func bytes(_ value: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var scaled = Double(value)
        var unit = -1
        while scaled >= 1024, unit < units.count - 1 {
            scaled /= 1024
            unit += 1
        }
        let exact = "\(number(value)) byte\(value == 1 ? "" : "s")"
        return unit < 0 ? exact : "\(exact) (\(fixed(scaled, 1)) \(units[unit]))"
    }

    /// A duration in seconds for people: `0.6 s`, `2 min 5.0 s`.
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "unknown" }
        if seconds < 60 { return fixed(seconds, 1) + " s" }
        let minutes = Int(seconds / 60)
        let rest = seconds - Double(minutes * 60)
        if minutes < 60 { return "\(minutes) min \(fixed(rest, 1)) s" }
        return "\(minutes / 60) h \(minutes % 60) min \(fixed(rest, 0)) s"
    }

    /// An id-safe form of `text` (letters, digits and `-`), for anchors that must not depend on anything random.
    package static func slug(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if out.last != "-" {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "x" : out
    }

    /// The start of a verb's self-contained page up to `<body>`: the document type, `title`, and the style every
    /// page shares (plain tables, right-aligned numbers in `td.n`) followed by `style`, the page's own rules, each
    /// line ending with a line break.
    package static func pageStart(title: String, style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}
        td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}th{background:#f3f3f3}
        td.n{text-align:right}\(style)</style></head><body>

        """
    }
}
