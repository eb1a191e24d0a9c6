import AirlockReport
import AirlockValidate

/// What a conversion produced: the report, where it wrote, and whether the run failed on the data.
public struct ConversionResult: Sendable {
    public var report: ConversionReport
    /// The validation of each output package (`to-fo.zip`, `to-sales.zip`) before it was moved into place.
    public var validations: [ValidationReport]
    /// The rejected records exceed `--max-rejects`: the outputs are written, and the run exits 1.
    public var tooManyRejects: Bool
    /// The key register as the run left it (its path, lines and last line's SHA-256), as the run's ledger entry records
    /// it; nil when the run does not add to a register (none, a plan, a dry run, a shard) or it holds no line.
    public var keyRegister: LedgerKeyRegister?
    /// The reference flows' step (`Converter.runReferenceFlows`): each flow it wrote into the partition's `lookups/`
    /// and its accepted records; empty for any other run.
    public var lookups: [(flow: String, records: Int)] = []
}
