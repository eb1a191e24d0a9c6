import AirlockIO
import AirlockReconcile
import Foundation

/// A key register read back for `airlock report` (docs/ledger.md, "The key register"): its records per entity and
/// kind, per run, and whether it holds its rules; the first line where it does not, as every run that reads it would
/// refuse it.
public struct KeyRegisterReading: Sendable {
    /// The register's path as given.
    public var path: String
    /// The register, nil when it does not hold.
    public var register: KeyRegister?
    /// Why it does not hold (the file, line and reason), nil when it does.
    public var problem: String?

    /// The reading of `register` found not to hold for `problem` (by a check beyond its own file: the ledger's).
    public func refused(_ problem: String) -> KeyRegisterReading {
        var reading = self
        reading.register = nil
        reading.problem = problem
        return reading
    }

    /// Reads the register whose file holds `data`, read from `path`.
    public init(path: String, data: Data) {
        self.path = path
        do {
            register = try KeyRegister(path: path, bytes: Array(data))
        } catch {
            problem = "\(error)"
        }
    }

    /// Whether `data` is a key register: its first line is the register's header.
    public static func isKeyRegister(_ data: Data) -> Bool {
        let first = data.prefix { $0 != 0x0A }
        guard let fields = try? FlatJSONLine.decode(Array(first)[...]) else { return false }
        return fields.contains { $0.key == "format" && $0.value == "airlock key register" }
    }

    /// Per Sales entity: records by kind (`assigned`, `linked`), and those F&O holds (linked or sent).
    public var counts: [(entity: String, assigned: Int, linked: Int, inFO: Int)] {
        guard let register else { return [] }
        var inFO: [String: Int] = [:]
        for entry in register.recordsInFO { inFO[entry.entity, default: 0] += 1 }
        return register.entities.map { entity in
            let identities = register.identities(of: entity)
            return (
                entity, identities.filter { $0.kind == .assigned }.count, identities.filter { $0.kind == .linked }.count,
                inFO[entity] ?? 0
            )
        }
    }

    /// Per run, in the order they first appear: the lines it appended.
    public var runs: [(run: String, lines: Int)] {
        var order: [String] = []
        var lines: [String: Int] = [:]
        for entry in register?.entries ?? [] {
            if lines[entry.run] == nil { order.append(entry.run) }
            lines[entry.run, default: 0] += 1
        }
        return order.map { ($0, lines[$0] ?? 0) }
    }

    /// What `airlock report` prints.
    public func text() -> String {
        guard let register else {
            return "Key register \(path): does not hold\n\(problem ?? "")"
        }
        var lines = ["Key register \(path): \(register.entries.count) lines after its first"]
        lines.append(
            "Chain: intact from line 1 to line \(register.lineCount). Last line's SHA-256: \(register.head ?? "(none)") (the ledger's entry of the last run that appended records it)"
        )
        for count in counts {
            lines.append(
                "  \(count.entity): \(count.assigned) numbered, \(count.linked) linked; \(count.inFO) held by F&O (sent or linked)")
        }
        for run in runs { lines.append("  \(run.run): \(run.lines) line\(run.lines == 1 ? "" : "s")") }
        return lines.joined(separator: "\n")
    }

    /// The page: the register's state and its counts.
    public func html() -> String {
        var page = HTMLText.pageStart(title: "Key register \(path)", style: "")
        page += "<h1>Key register</h1><p>\(HTMLText.escape(path))</p>"
        if let problem {
            page += "<p><strong>Does not hold:</strong> \(HTMLText.escape(problem))</p>"
        } else if let register {
            page +=
                "<p>Chain intact, \(HTMLText.number(register.lineCount)) lines; last line's SHA-256 <code>\(register.head ?? "")</code></p>"
            page += "<table><tr><th>entity</th><th>numbered</th><th>linked</th><th>held by F&amp;O</th></tr>"
            for count in counts {
                page +=
                    "<tr><td>\(HTMLText.escape(count.entity))</td><td class=\"n\">\(HTMLText.number(count.assigned))</td><td class=\"n\">\(HTMLText.number(count.linked))</td><td class=\"n\">\(HTMLText.number(count.inFO))</td></tr>"
            }
            page += "</table><table><tr><th>run</th><th>lines</th></tr>"
            for run in runs { page += "<tr><td>\(HTMLText.escape(run.run))</td><td class=\"n\">\(HTMLText.number(run.lines))</td></tr>" }
            page += "</table>"
        }
        return page + "</body></html>\n"
    }
}
