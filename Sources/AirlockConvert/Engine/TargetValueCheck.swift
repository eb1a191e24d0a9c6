import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// The target's checks of one field's final value: the F&O field's type and length (Sales → F&O), or the Sales
/// attribute's CMT type, length and options (F&O → Sales), and whether a value is required.
struct TargetValueCheck {
    /// The target field, for messages.
    let target: String
    /// Sales → F&O: the import's check of the F&O field.
    let foCheck: FOFieldValueCheck?
    /// F&O → Sales: the CMT type of the attribute, and the length it holds values to.
    let salesType: CMTFieldType?
    let salesMaxLength: Int?
    /// The option values an option-set, state or status attribute takes, when the catalog's list is complete.
    let salesOptions: Set<Int>?
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

    /// Checks `result`; `isLookupID` when it is the GUID a target lookup found (not checked against the type).
    func check(_ result: String?, isLookupID: Bool) -> FieldEvaluation.Outcome {
        guard var value = result else {
            if isRequired { return .problem(.missingRequired, "\(target) is required and the record has no value for it", value: nil) }
            return .value(nil)
        }
        if let foCheck, let refusal = foCheck.refusal(value) {
            return .problem(.invalidValue, "'\(value)': \(refusal)", value: value)
        }
        if let salesType, !isLookupID {
            do {
                let canonical = try CMTValueCodec.canonical(value, as: salesType)
                if let limit = salesMaxLength, canonical.utf16.count > limit {
                    return .problem(
                        .invalidValue, "'\(value)' has \(canonical.utf16.count) characters; \(target) takes at most \(limit)", value: value)
                }
                if let options = salesOptions, let number = Int(canonical), !options.contains(number) {
                    let known = options.sorted().map(String.init).joined(separator: ", ")
                    return .problem(.invalidValue, "\(number) is not an option of \(target) (\(known))", value: value)
                }
                value = canonical
            } catch let error as AirlockError {
                return .problem(.invalidValue, error.message, value: value)
            } catch {
                return .problem(.invalidValue, "\(error)", value: value)
            }
        }
        return .value(value)
    }

    /// Whether ASCII, non-blank `bytes` pass the target's check as a plain copy, and in which form; for a Sales
    /// type the canonical form is written into `canonical`. ASCII text is its own `String`, so the result is byte
    /// for byte what `check` gives.
    func copyForm(_ bytes: UnsafeRawBufferPointer, canonical: inout [UInt8]) -> CopyForm {
        if let foCheck, !foCheck.accepts(bytes) { return .refused }
        guard let salesType else { return .asIs }
        canonical.removeAll(keepingCapacity: true)
        guard CMTValueCodec.canonical(bytes, as: salesType, into: &canonical) else { return .refused }
        if let limit = salesMaxLength, canonical.count > limit { return .refused }
        return .canonical
    }
}
