import AirlockModel
import AirlockPackages
import AirlockReconcile

/// How a sent value is compared with the value found in the export after the import, fair to how each system
/// hands values back (docs/verify.md, "Comparison rules"). Both values are trimmed first; a sent value that is
/// empty is not compared (an empty value does not clear a target value), and a value that is absent from the
/// export counts as empty.
enum FieldRule: Sendable, Equatable {
    /// Text, trimmed.
    case text
    /// Codes the target stores case-insensitively: F&O NoYes and enum symbols, GUIDs, Sales lookups (by id) and bools.
    case caseInsensitive
    /// Numbers: `12.5` = `12.500000`; F&O values read with the data project's decimal separator.
    case decimal
    /// F&O dates and date-times, read as `FODateGrammar` does (ISO 8601, or the data project's locale).
    case foDate
    /// Sales date-times, as instants (`ValueComparison.dateTime`).
    case dateTime

    /// The rule of an F&O field of `type` (nil: a field the catalog does not know, compared as text).
    static func fo(_ type: FOFieldType?) -> FieldRule {
        switch type {
        case .int, .int64, .real: .decimal
        case .date, .datetime: .foDate
        case .noYes, .enumeration, .guid: .caseInsensitive
        case .string, nil: .text
        }
    }

    /// The rule of a Sales field of `type`, as the sent package's schema declares it.
    static func sales(_ type: CMTFieldType) -> FieldRule {
        switch type {
        case .number, .bigint, .decimal, .float, .money, .optionSetValue, .state, .status: .decimal
        case .datetime: .dateTime
        case .bool, .guid, .entityReference, .owner, .lookup, .customer: .caseInsensitive
        default: .text
        }
    }

    /// Whether `found` equals `sent` under the rule, for every rule but `.foDate` (see `FODateComparer`).
    /// `decimalSeparator` is the F&O data project's (`,` for de-DE); nil when not given: a found number that is no
    /// decimal with `.` is read with `,` (a decimal-comma export, as `convert` and `validate` learn it per file). Sales
    /// values are already canonical.
    func equal(_ sent: UnsafeRawBufferPointer, _ found: UnsafeRawBufferPointer, decimalSeparator: UInt8? = UInt8(ascii: ".")) -> Bool {
        withFoundValue(found, decimalSeparator: decimalSeparator) { comparison.equivalent(sent, $0) }
    }

    /// Appends the canonical form of a sent value to `buffer` (`ValueComparison.appendCanonical`): `equal(sent, found,
    /// decimalSeparator:)` holds exactly when it is the same bytes as `appendFound`'s of `found`, so `verify` keeps a
    /// digest of these instead of the values.
    func appendSent(_ sent: UnsafeRawBufferPointer, to buffer: ByteBuffer) {
        comparison.appendCanonical(sent, to: buffer)
    }

    /// Appends the canonical form of a found value to `buffer`, read as `equal` reads it (see `appendSent`).
    func appendFound(_ found: UnsafeRawBufferPointer, decimalSeparator: UInt8? = UInt8(ascii: "."), to buffer: ByteBuffer) {
        withFoundValue(found, decimalSeparator: decimalSeparator) { comparison.appendCanonical($0, to: buffer) }
    }

    /// How the rule compares values once a found number is in invariant form (`.foDate` compares as text here).
    private var comparison: ValueComparison {
        switch self {
        case .text, .foDate: .trimmed
        case .caseInsensitive: .caseInsensitive
        case .decimal: .decimal
        case .dateTime: .dateTime
        }
    }

    /// Calls `body` with `found` as compared: a decimal written with another separator in invariant form.
    private func withFoundValue<R>(
        _ found: UnsafeRawBufferPointer, decimalSeparator: UInt8?, _ body: (UnsafeRawBufferPointer) -> R
    ) -> R {
        guard self == .decimal else { return body(found) }
        let point = UInt8(ascii: ".")
        let separator =
            decimalSeparator ?? (FODecimalGrammar.isDecimal(ASCII.trimmed(found), separator: point) ? point : UInt8(ascii: ","))
        if separator != point, let invariant = FODecimalGrammar.invariant(found, separator: separator) {
            return invariant.withUnsafeBytes { body($0) }
        }
        return body(found)
    }
}
