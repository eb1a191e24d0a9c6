extension ConversionReport {
    /// The records special rules added to the packages besides the flows' own (`Flow.generated`: key write-backs,
    /// price list items, order status updates): created and updated, and unchanged with `--full`, as they are
    /// written. `totals.written` counts the flows' records alone, as the accounting identity does.
    public var generatedWritten: Int {
        flows.values.reduce(0) { sum, flow in
            flow.generated.values.reduce(sum) { $0 + $1.created + $1.updated + (options.full ? $1.unchanged : 0) }
        }
    }

    /// The line that says what the packages hold when rules added records: the flows' and the rules', and both
    /// together; nil when no rule added any.
    public var writtenLine: String? {
        let added = generatedWritten
        guard added > 0 else { return nil }
        return
            "Written: \(totals.written) record\(totals.written == 1 ? "" : "s") of the flows and \(added) that rules added (the \"also\" lines), \(totals.written + added) in all"
    }
}
