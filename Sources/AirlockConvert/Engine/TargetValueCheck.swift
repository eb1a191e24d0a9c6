import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// The target's checks of one field's final value, each `validate`'s own: the F&O field's type and length (Sales →
/// F&O, `FOFieldValueCheck`), or the Sales attribute's CMT format, length and options (F&O → Sales,
/// `CMTFieldValueCheck`), and whether a value is required.
struct TargetValueCheck {
    /// The target field, for messages.
    let target: String
    /// Sales → F&O: the import's check of the F&O field.
    let foCheck: FOFieldValueCheck?
    /// F&O → Sales: the data pass's check of the Sales attribute (its CMT type, the length it holds values to, its
    /// options).
    let salesCheck: CMTFieldValueCheck?
    /// The target requires a value.
    let isRequired: Bool

    /// How a plain copy writes an ASCII, non-blank source value (`copyForm`).
    enum CopyForm {
        /// The value does not pass as it is: it goes through the whole pipeline.
        case refused
        /// The source bytes pass as they are.
        case asIs
        /// The value's canonical form (left in the buffer given) passes.
        case canonical
    }

    /// `result` as it is written: an F&O value without the leading and trailing spaces and tabs the import would
    /// keep as part of it (`FOFieldValueCheck.withoutOuterSpaces`; nil when nothing else is left), with whether any
    /// were taken off. A Sales value as it is: the data pass writes it as given.
    func written(_ result: String?) -> (value: String?, trimmed: Bool) {
        guard foCheck != nil, let result, let cut = FOFieldValueCheck.withoutOuterSpaces(result) else { return (result, false) }
        return (cut.isEmpty ? nil : cut, true)
    }

    /// Checks `result`; `isLookupID` when it is the GUID a target lookup found (not checked against the type).
    func check(_ result: String?, isLookupID: Bool) -> FieldEvaluation.Outcome {
        guard var value = result else {
            if isRequired { return .problem(.missingRequired, "\(target) is required and the record has no value for it", value: nil) }
            return .value(nil)
        }
        if let foCheck, let refusal = foCheck.refusal(value) {
            return .problem(.invalidValue, "'\(value)': \(refusal)", value: value)
        }
        if let salesCheck, !isLookupID {
            switch salesCheck.written(value) {
            case .success(let canonical): value = canonical
            case .failure(let problem): return .problem(.invalidValue, problem.rejection(value: value, target: target), value: value)
            }
        }
        return .value(value)
    }

    /// Whether ASCII, non-blank `bytes` pass the target's check as a plain copy, and in which form (an F&O value with
    /// outer spaces is `written` without them, so it is refused here); for a Sales
    /// type the canonical form is written into `canonical`. ASCII text is its own `String`, so the result is byte
    /// for byte what `check` gives.
    func copyForm(_ bytes: UnsafeRawBufferPointer, canonical: inout [UInt8]) -> CopyForm {
        if let foCheck, !foCheck.accepts(bytes) || FOFieldValueCheck.hasOuterSpaces(bytes) { return .refused }
        guard let salesCheck else { return .asIs }
        canonical.removeAll(keepingCapacity: true)
        guard CMTValueCodec.canonical(bytes, as: salesCheck.type, into: &canonical) else { return .refused }
        if canonical.withUnsafeBytes({ salesCheck.mayRefuse(canonical: $0) }) { return .refused }
        return .canonical
    }
}
