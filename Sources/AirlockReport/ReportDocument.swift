import AirlockModel
import AirlockValidate
import Foundation

/// A saved report, as `airlock report` reads it: a conversion's `report.json`, or the `--json` output of
/// `airlock validate` (keys `kind`, `errors`, `warnings`, `findings`), or a verification's `verify.json` (`kind`
/// `verification`), or a migration ledger (`airlock-ledger.jsonl`, read line by line, its chain checked), or its key
/// register (`airlock-ledger-keys.jsonl`, checked as every run that reads it checks it).
public enum ReportDocument: Sendable {
    case conversion(ConversionReport)
    case validation(ValidationReport)
    case verification(VerificationReport)
    case ledger(LedgerReading)
    case keyRegister(KeyRegisterReading)

    /// Decodes `data`, read from `file`.
    /// - Throws: `AirlockError(.usage)` naming `file` when the JSON is neither kind of report.
    public static func decode(_ data: Data, file: String) throws -> ReportDocument {
        let location = SourceLocation(file: file)
        if KeyRegisterReading.isKeyRegister(data) { return .keyRegister(KeyRegisterReading(path: file, data: data)) }
        if MigrationLedger.isLedger(data, file: file) { return .ledger(LedgerReading(path: file, data: data)) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw AirlockError(.usage, "not a report: the file is not JSON", at: location, cause: oneLine(error))
        }
        guard let keys = (object as? [String: Any]).map({ Set($0.keys) }) else {
            throw AirlockError(.usage, "not a report: the JSON is not an object", at: location)
        }
        do {
            if (object as? [String: Any])?["kind"] as? String == VerificationReport.kindName {
                return .verification(try JSONDecoder().decode(VerificationReport.self, from: data))
            }
            if keys.contains("flows") || keys.contains("totals") {
                return .conversion(try JSONDecoder().decode(ConversionReport.self, from: data))
            }
            if keys.isSuperset(of: ["kind", "errors", "warnings", "findings"]) {
                return .validation(try JSONDecoder().decode(ValidationDocument.self, from: data).report)
            }
        } catch {
            throw AirlockError(
                .usage,
                "not a report: the JSON does not have the shape of report.json (airlock convert), verify.json (airlock verify) or of airlock validate --json",
                at: location, cause: oneLine(error))
        }
        throw AirlockError(
            .usage,
            "not a report: expected report.json of airlock convert (flows, totals, …) or the output of airlock validate --json (kind, errors, warnings, findings)",
            at: location)
    }

    /// The document `ValidationReport.jsonText()` writes.
    private struct ValidationDocument: Decodable {
        var kind: String
        var path: String?
        var errors: Int
        var warnings: Int
        /// Absent in reports written before notices existed.
        var notices: Int?
        var truncated: Bool?
        var findings: [ValidationFinding]

        var report: ValidationReport {
            let collector = FindingCollector(maxFindings: Int.max)
            for finding in findings { collector.add(finding) }
            var report = ValidationReport(kind: kind, path: path ?? "", collector: collector)
            // The counts cover every finding, listed or not.
            report.errors = errors
            report.warnings = warnings
            report.notices = notices ?? report.notices
            report.truncated = truncated ?? (errors + warnings + report.notices > findings.count)
            return report
        }
    }

    /// A decoding error on one line: what is wrong and where (`flows.accounts.read`).
    private static func oneLine(_ error: Error) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        let text: String
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            text = "missing key \(path(context.codingPath + [key]))"
        case .typeMismatch(let type, let context)?:
            text = "\(path(context.codingPath)) is not of type \(type)"
        case .valueNotFound(let type, let context)?:
            text = "\(path(context.codingPath)) is null, expected \(type)"
        case .dataCorrupted(let context)?:
            text = context.codingPath.isEmpty ? context.debugDescription : "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            text = (error as NSError).localizedDescription
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
