import AirlockModel

/// The check for one column of an F&O file, prepared once from the field's catalog type so that each value is
/// checked as the UTF-8 bytes the reader produced, without a `String` or a catalog lookup unless a problem is
/// found. Empty values are not checked here (see mandatory fields).
final class FOValueChecker {
    private enum Kind {
        case integer, real, date, noYes, other
        case enumeration(FOEnumSchema, symbols: [[UInt8]])
        case string(maxLength: Int)
        case choice(values: [[UInt8]], maxLength: Int?)
    }

    let field: FOFieldSchema
    /// Copied out of `field`, which is large to copy, for the per-value path.
    let isMandatory: Bool
    /// Why an empty value draws only a notice: the staging table marks the field mandatory, but not for every
    /// company or record (`FOFieldSchema.mandatoryNote`); nil when it is mandatory or not flagged at all.
    let noticeWhenEmpty: String?
    let name: String
    private let kind: Kind
    /// Whether values are numbers (integers or decimals).
    let isNumeric: Bool
    /// A date column's locale, learnt from its values or given (`--fo-locale`).
    private(set) var dates: FODateFormatDetector

    /// The check of `field`; `locale` is the data project's locale when the user gives it (else dates are
    /// learnt from the column's values).
    init(field: FOFieldSchema, catalog: SchemaCatalog, locale: FOLocale? = nil) {
        self.field = field
        dates = FODateFormatDetector(pinned: locale)
        isMandatory = field.isMandatory
        noticeWhenEmpty = field.isMandatory || !field.isStagingMandatory ? nil : field.mandatoryNote
        name = field.name
        isNumeric = field.type.isNumeric
        switch field.type {
        case .int, .int64: kind = .integer
        case .real: kind = .real
        case .date, .datetime: kind = .date
        case .noYes: kind = .noYes
        case .enumeration(let name):
            if let schema = catalog.foEnum(named: name) {
                kind = .enumeration(schema, symbols: schema.symbols.map { Array($0.utf8) })
            } else {
                kind = .other
            }
        case .string(let maxLength) where !field.allowedValues.isEmpty:
            kind = .choice(values: field.allowedValues.map { Array($0.utf8) }, maxLength: maxLength)
        case .string(let maxLength): kind = maxLength.map { .string(maxLength: $0) } ?? .other
        case .guid: kind = .other
        }
    }

    /// The problem with `bytes` as a value of the field, or nil when it fits; numbers are read with
    /// `decimalSeparator`, the file's (`.`, or `,` in a de-DE file: `FODecimalSeparatorDetector`).
    func problem(_ bytes: UnsafeRawBufferPointer, decimalSeparator: UInt8 = UInt8(ascii: ".")) -> FOValueProblem? {
        if let damage = Self.spreadsheetDamage(bytes, isNumeric: isNumeric, decimalSeparator: decimalSeparator) { return damage }
        switch kind {
        case .integer:
            guard Self.isInteger(bytes) else {
                return FOValueProblem(rule: ValidationRules.foValueInteger, message: "expected a whole number")
            }
        case .real:
            guard Self.isDecimal(bytes, separator: decimalSeparator) else {
                let separator = Character(Unicode.Scalar(decimalSeparator))
                return FOValueProblem(
                    rule: ValidationRules.foValueReal, message: "expected a decimal number with '\(separator)' as the separator")
            }
        case .date:
            if case .problem(let message) = dates.read(bytes) {
                return FOValueProblem(rule: ValidationRules.foValueDate, message: message)
            }
        case .noYes:
            if Self.equals(bytes, Self.yes) || Self.equals(bytes, Self.no) { return nil }
            return noYesProblem(String(decoding: bytes, as: UTF8.self))
        case .enumeration(let schema, let symbols):
            if symbols.contains(where: { Self.equals(bytes, $0) }) { return nil }
            return enumProblem(String(decoding: bytes, as: UTF8.self), schema: schema)
        case .string(let maxLength):
            return lengthProblem(bytes, maxLength: maxLength)
        case .choice(let values, let maxLength):
            if values.contains(where: { Self.equals(bytes, $0) }) {
                return maxLength.flatMap { lengthProblem(bytes, maxLength: $0) }
            }
            return choiceProblem(String(decoding: bytes, as: UTF8.self))
        case .other:
            break
        }
        return nil
    }

    private static let yes = Array("Yes".utf8)
    private static let no = Array("No".utf8)

    private static func equals(_ bytes: UnsafeRawBufferPointer, _ symbol: [UInt8]) -> Bool {
        bytes.count == symbol.count && bytes.elementsEqual(symbol)
    }

    private func noYesProblem(_ text: String) -> FOValueProblem? {
        switch text {
        case "yes", "no", "YES", "NO":
            return FOValueProblem(rule: ValidationRules.foValueNoYes, message: "NoYes values are written Yes or No", severity: .warning)
        case "1", "0":
            return FOValueProblem(
                rule: ValidationRules.foValueNoYes, message: "NoYes values are written Yes or No (F&O exports never write 0 or 1)",
                severity: .warning)
        default:
            return FOValueProblem(rule: ValidationRules.foValueNoYes, message: "expected Yes or No")
        }
    }

    private func enumProblem(_ text: String, schema: FOEnumSchema) -> FOValueProblem? {
        let basis: CatalogCertainty = schema.isOpen ? .guess : .documented
        let source = schema.source.map { " [enum members: \($0)]" } ?? ""
        if let symbol = schema.symbol(matchingIgnoringCase: text) {
            return FOValueProblem(
                rule: ValidationRules.foValueEnum, message: "enum \(schema.name) writes this symbol as \(symbol)", severity: .warning,
                basis: basis)
        }
        let known = schema.symbols.prefix(12).joined(separator: ", ") + (schema.symbols.count > 12 ? ", …" : "")
        let open = schema.isOpen ? "; the list may be incomplete, so check it in the target environment" : ""
        return FOValueProblem(
            rule: ValidationRules.foValueEnum, message: "not a symbol of enum \(schema.name) (\(known))\(open)\(source)",
            severity: schema.isOpen ? .warning : nil, basis: basis)
    }

    private func choiceProblem(_ text: String) -> FOValueProblem {
        let allowed = field.allowedValues.joined(separator: ", ")
        if let spelling = field.allowedValues.first(where: { $0.lowercased() == text.lowercased() }) {
            return FOValueProblem(
                rule: ValidationRules.foValueChoice, message: "\(name) writes this value as \(spelling)", severity: .warning)
        }
        return FOValueProblem(rule: ValidationRules.foValueChoice, message: "\(name) takes one of: \(allowed)")
    }

    private func lengthProblem(_ bytes: UnsafeRawBufferPointer, maxLength: Int) -> FOValueProblem? {
        // Most values are short: only count UTF-16 units when the byte count could exceed the limit.
        guard bytes.count > maxLength else { return nil }
        let units = String(decoding: bytes, as: UTF8.self).utf16.count
        guard units > maxLength else { return nil }
        let enforced = field.enforcesLength
        let consequence = enforced ? "F&O refuses the record" : "F&O may refuse the record: check the length in the target environment"
        return FOValueProblem(
            rule: ValidationRules.foValueLength,
            message: "\(units) characters, over the field's \(maxLength); \(consequence) [\(field.lengthBasisNote)]",
            severity: enforced ? .error : .warning, basis: field.lengthCertainty)
    }

    /// Numbers a spreadsheet has reformatted: scientific notation, a decimal comma, thousands separators,
    /// leading or trailing spaces. Reported, never repaired: a guess could change the value.
    /// Signs that a spreadsheet rewrote the value; in a locale with a decimal comma (`decimalSeparator` `,`) the
    /// comma is the decimal separator and the point the grouping one.
    static func spreadsheetDamage(
        _ bytes: UnsafeRawBufferPointer, isNumeric: Bool, decimalSeparator: UInt8 = UInt8(ascii: ".")
    ) -> FOValueProblem? {
        guard !bytes.isEmpty else { return nil }
        if hasOuterSpaces(bytes) {
            return FOValueProblem(
                rule: ValidationRules.foValueSpreadsheet, message: "leading or trailing spaces (F&O keeps them as part of the value)",
                severity: isNumeric ? nil : .warning)
        }
        guard isNumeric else { return nil }
        var digits = 0
        // `dots`: decimal separators; `commas`: the other separator (a thousands separator in this locale).
        var commas = 0
        var dots = 0
        var exponent = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case decimalSeparator: dots += 1
            case UInt8(ascii: ","), UInt8(ascii: "."): commas += 1
            case UInt8(ascii: "E"), UInt8(ascii: "e"): exponent = true
            default: break
            }
        }
        guard digits > 0 else { return nil }
        if exponent {
            return FOValueProblem(
                rule: ValidationRules.foValueSpreadsheet,
                message: "scientific notation, as a spreadsheet writes large numbers; write the number in full")
        }
        if commas > 0 && dots > 0 {
            return FOValueProblem(
                rule: ValidationRules.foValueSpreadsheet, message: "thousands separators; write the number without grouping")
        }
        if commas == 1 && dots == 0 {
            let message =
                decimalSeparator == UInt8(ascii: ".")
                ? "a comma in a number of a file whose numbers take '.': a decimal comma or a thousands separator; write it with '.' and no grouping (if the export's numbers all take a decimal comma: --fo-locale de-DE)"
                : "a point in a number whose decimal separator is ',' (de-DE): a thousands separator; write the number without grouping"
            return FOValueProblem(rule: ValidationRules.foValueSpreadsheet, message: message)
        }
        if commas > 1 {
            return FOValueProblem(
                rule: ValidationRules.foValueSpreadsheet, message: "thousands separators; write the number without grouping")
        }
        return nil
    }

    /// Whether `bytes` begin or end with a space or a tab, which F&O keeps as part of the value.
    static func hasOuterSpaces(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        return first == 0x20 || last == 0x20 || first == 0x09 || last == 0x09
    }

    /// `-?[0-9]+`.
    static func isInteger(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        if bytes.first == UInt8(ascii: "-") { index = 1 }
        guard index < bytes.count else { return false }
        while index < bytes.count {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    /// `-?[0-9]+(\.[0-9]+)?` (also `.5`).
    static func isDecimal(_ bytes: UnsafeRawBufferPointer, separator: UInt8 = UInt8(ascii: ".")) -> Bool {
        FODecimalGrammar.isDecimal(bytes, separator: separator)
    }
}
