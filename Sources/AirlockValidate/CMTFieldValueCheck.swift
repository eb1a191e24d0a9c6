import AirlockModel
import AirlockPackages

/// The check `validate` applies to the values of one field of a Configuration Migration package: its type's format,
/// a text's length, an option value. `CMTDataPass` runs it on every value it reads or the writer writes; callers that
/// produce values run the same check (the converter rejects a record whose mapped value it finds refused, instead
/// of writing a package its own validation then refuses), so a rule or condition added here reaches both.
///
/// A class, immutable after `init`, so that the per-value paths read it without copying the catalog attribute.
public final class CMTFieldValueCheck: Sendable {
    /// The field's logical name, for messages.
    public let field: String
    /// The schema type values are read as.
    public let type: CMTFieldType
    /// The catalog attribute, when the catalog knows it and `type` fits its type.
    public let attribute: SalesAttributeSchema?
    /// The most characters a text takes: the catalog's length when it is below the platform's, else the platform's
    /// (nil for a type that is not text).
    public let maxLength: Int?
    /// The platform's own limit for the field (4,000 for single-line text; 1,048,576 for multiline or unknown).
    public let platformLength: Int
    /// How sure `maxLength` is.
    public let lengthCertainty: CatalogCertainty
    /// How a catalog extension wants breaches reported.
    public let enforcement: CatalogEnforcement?
    /// The longest text the import takes: `maxLength` when it is enforced, else the platform's limit (nil for a
    /// type that is not text).
    public let enforcedLength: Int?
    /// Whether an option value the attribute lacks is refused (a documented option list).
    public let refusesUnknownOptions: Bool

    /// The check of field `field`, read as `type`, whose catalog attribute is `attribute` (nil when the catalog does
    /// not know it; an attribute `type` does not fit is not used).
    public init(field: String, type: CMTFieldType, attribute: SalesAttributeSchema?) {
        self.field = field
        self.type = type
        let fitting = attribute.flatMap { type.fits($0.type) ? $0 : nil }
        self.attribute = fitting
        enforcement = fitting?.enforcement
        platformLength =
            fitting.map { DataversePlatformLimits.textLength(format: $0.format) } ?? DataversePlatformLimits.multilineTextLength
        if type != .string {
            maxLength = nil
            lengthCertainty = .platform
        } else if let fitting, fitting.type == .string, let length = fitting.maxLength, length > 0, length < platformLength {
            maxLength = length
            lengthCertainty = fitting.lengthCertainty
        } else {
            maxLength = platformLength
            lengthCertainty = .platform
        }
        if let maxLength {
            enforcedLength = lengthCertainty.isEnforced(with: fitting?.enforcement) ? maxLength : platformLength
        } else {
            enforcedLength = nil
        }
        refusesUnknownOptions = fitting.map { $0.type.hasOptions && !$0.options.isEmpty && $0.enforcesOptions } == true
    }

    /// The canonical text of a value of type `type` read from a package (strings HTML-decoded), or the format problem
    /// (`cmt.value.format`: the value codec's reason; an empty value must be left out).
    public static func decoded(_ text: String, as type: CMTFieldType) -> Result<String, CMTFieldValueProblem> {
        do {
            return .success(try CMTValueCodec.decode(text, as: type))
        } catch {
            return .failure(formatProblem(text, type, error))
        }
    }

    /// What the import makes of `value` about to be written: its canonical text, or the problem that refuses the
    /// record (a value in the type's format whose only problem is a warning is written).
    public func written(_ value: String) -> Result<String, CMTFieldValueProblem> {
        let canonical: String
        do {
            canonical = try CMTValueCodec.canonical(value, as: type)
        } catch {
            return .failure(Self.formatProblem(value, type, error))
        }
        if let problem = lengthProblem(canonical), problem.refusesRecord { return .failure(problem) }
        for option in Self.optionValues(canonical, type) {
            if let problem = optionProblem(option), problem.refusesRecord { return .failure(problem) }
        }
        return .success(canonical)
    }

    /// Whether `canonical` (ASCII bytes written as they are: a UTF-8 count is a UTF-16 count) might be refused for
    /// its length or its options: when it is not, `written` gives it back unchanged.
    public func mayRefuse(canonical: UnsafeRawBufferPointer) -> Bool {
        if let limit = enforcedLength, canonical.count > limit { return true }
        return refusesUnknownOptions
    }

    /// The problem with `text` (a value's text, HTML-decoded) as a text of the field, when it is longer than the
    /// field takes.
    public func lengthProblem(_ text: String) -> CMTFieldValueProblem? {
        guard let limit = maxLength else { return nil }
        let length = text.utf16.count
        guard length > limit else { return nil }
        let overPlatform = length > platformLength
        let basis = overPlatform ? CatalogCertainty.platform : lengthCertainty
        let platform =
            overPlatform && limit < platformLength ? ", and no Dataverse column of its kind takes more than \(platformLength)" : ""
        let severity = ValidationSeverity.resting(on: basis, enforcement: enforcement)
        return CMTFieldValueProblem(
            rule: ValidationRules.cmtValueLength, kind: .length(characters: length, limit: enforcedLength ?? limit),
            message: "the text has \(length) characters; '\(field)' takes at most \(limit)\(platform)"
                + basis.findingNote(origin: attribute?.origin, enforcement: enforcement),
            severity: severity, basis: basis, refusesRecord: severity == .error)
    }

    /// The problem with option value `value`, when the attribute's options are known and it is not one of them.
    public func optionProblem(_ value: Int) -> CMTFieldValueProblem? {
        guard let attribute, !attribute.options.isEmpty, attribute.option(value) == nil else { return nil }
        var message = "\(value) is not an option of '\(field)' (known: \(attribute.optionsSummary))"
        let basis = attribute.optionsCertainty
        var severity = ValidationSeverity.resting(on: basis, enforcement: attribute.enforcement)
        if value == -1 {
            message += "; some exports write -1 for 'no value', which the importer may refuse: leave the field out instead"
            severity = .warning
        } else if severity == .warning {
            message += "; the catalog's list may be incomplete, so check it in the target environment or add it with a catalog extension"
        } else {
            message += "; the importer refuses the record (add the value with a catalog extension if the target environment has it)"
        }
        message += basis.findingNote(origin: attribute.origin, enforcement: attribute.enforcement)
        return CMTFieldValueProblem(
            rule: ValidationRules.cmtValueOption, kind: .option(value: value, known: Set(attribute.options.map(\.value)).sorted()),
            message: message, severity: severity, basis: basis, refusesRecord: severity == .error || refusesUnknownOptions)
    }

    /// The option values a canonical value names: the value of a choice, state or status; each value of an option
    /// collection (`[-1,a,b,-1]`: the sentinels are not options).
    static func optionValues(_ canonical: String, _ type: CMTFieldType) -> [Int] {
        switch type {
        case .optionSetValue, .state, .status:
            return Int(canonical).map { [$0] } ?? []
        case .optionSetValueCollection:
            return Array(canonical.dropFirst().dropLast().split(separator: ",").compactMap { Int($0) }.dropFirst().dropLast())
        default:
            return []
        }
    }

    private static func formatProblem(_ text: String, _ type: CMTFieldType, _ error: any Error) -> CMTFieldValueProblem {
        let reason = (error as? AirlockError)?.message ?? "\(error)"
        return CMTFieldValueProblem(
            rule: ValidationRules.cmtValueFormat, kind: .format(reason: reason),
            message: text.isEmpty ? "the value is empty; a \(type.rawValue) field without a value must be left out of the record" : reason,
            severity: ValidationRules.cmtValueFormat.severity, basis: nil, refusesRecord: true)
    }
}
