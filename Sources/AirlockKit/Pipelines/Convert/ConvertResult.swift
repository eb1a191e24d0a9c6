/// What a conversion gave (`convert`, or `merge` of its shards): its report, what to show, and the exit status.
public struct ConvertResult: Sendable {
    /// The conversion's report (also when the outputs were refused).
    public var report: ConversionReport
    /// The validation of each output package before it was moved into place.
    public var validations: [ValidationReport]
    /// The output packages fail validation: nothing was written.
    public var refused: Bool
    /// More records were rejected than `maxRejects` allows: the outputs are written all the same.
    public var tooManyRejects: Bool
    /// What to show on standard output: the summary and its duration, report.json, or (when refused) the failing
    /// validations; line ends included.
    public var text: String
    /// Why the run failed on the data, as one line for standard error (nil when it did not).
    public var problem: String?
    /// `.dataErrors` when refused or over the reject limit, `.success` otherwise.
    public var status: ExitStatus
    /// The key register as the run left it, for its ledger entry; nil when the run did not open it to append.
    public var keyRegister: LedgerKeyRegister?

    public init(
        report: ConversionReport, validations: [ValidationReport], refused: Bool, tooManyRejects: Bool, text: String, problem: String?,
        status: ExitStatus
    ) {
        self.report = report
        self.validations = validations
        self.refused = refused
        self.tooManyRejects = tooManyRejects
        self.text = text
        self.problem = problem
        self.status = status
    }

    /// A run that wrote its outputs, showing `text`: over the reject limit it fails on the data all the same.
    init(_ conversion: ConversionResult, text: String) {
        let problem =
            conversion.tooManyRejects
            ? "\(conversion.report.totals.rejected) records rejected, more than --max-rejects \(conversion.report.options.maxRejects ?? 0)"
            : nil
        self.init(
            report: conversion.report, validations: conversion.validations, refused: false, tooManyRejects: conversion.tooManyRejects,
            text: text, problem: problem, status: conversion.tooManyRejects ? .dataErrors : .success)
        keyRegister = conversion.keyRegister
    }

    /// A run whose packages failed validation: only its report was written; the failing validations are shown.
    init(refused failure: ConversionFailure) {
        self.init(
            report: failure.report, validations: failure.validations, refused: true, tooManyRejects: false,
            text: failure.validations.filter { $0.errors > 0 }.map { $0.text() + "\n" }.joined(), problem: failure.description,
            status: .dataErrors)
    }
}
