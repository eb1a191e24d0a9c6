import AirlockReport
import AirlockValidate

/// A conversion whose output packages do not pass `validate`: nothing was moved into the output folder.
public struct ConversionFailure: Error, Sendable, CustomStringConvertible {
    public var report: ConversionReport
    public var validations: [ValidationReport]

    public var description: String {
        let errors = validations.reduce(0) { $0 + $1.errors }
        return "the converted packages fail validation with \(errors) error\(errors == 1 ? "" : "s"); nothing was written"
    }
}
