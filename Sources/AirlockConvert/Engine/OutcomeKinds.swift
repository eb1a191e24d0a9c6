import AirlockReconcile

/// Each source record's outcome as a flow's counts need it, two bytes a record: its kind, with the filter's name or
/// the reject reason. The target row, the changed fields and the reject message are not kept here (the classified
/// records and the reject entries keep them): a flow gives few such kinds, each held once, where an optional
/// `RecordOutcome` (its reason and message, or its fields) cost tens of bytes for every record of the source while
/// the flow ran.
struct OutcomeKinds {
    /// Per source row: 0 while undecided, else 1 + the index of its kind in `kinds`.
    private var codes: [UInt16]
    /// The kinds: the three without a name (`create`, `update`, `unchanged`: codes 1 to 3, set without a lookup, as
    /// most records are), then the filters and reject reasons in the order first given.
    private var kinds: [RecordOutcome] = [.create, .update(targetRow: 0, changedFields: []), .unchanged(targetRow: 0)]
    private var codeOfKind: [RecordOutcome: UInt16] = [:]

    /// No outcome yet for any of `rowCount` source rows.
    init(rowCount: Int) {
        codes = Array(repeating: 0, count: rowCount)
    }

    /// `outcome`'s kind, as held: the same case, with the filter's name or the reject reason, nothing else.
    static func kind(of outcome: RecordOutcome) -> RecordOutcome {
        switch outcome {
        case .create, .filtered: outcome
        case .update: .update(targetRow: 0, changedFields: [])
        case .unchanged: .unchanged(targetRow: 0)
        case .rejected(let reason, _): .rejected(reason, detail: "")
        }
    }

    /// The kind of row `row`'s outcome (`kind(of:)`); nil while undecided.
    subscript(row: Int) -> RecordOutcome? {
        let code = codes[row]
        return code == 0 ? nil : kinds[Int(code) - 1]
    }

    /// Decides row `row`: its outcome's kind is kept.
    mutating func settle(_ row: Int, _ outcome: RecordOutcome) {
        switch outcome {
        case .create:
            codes[row] = 1
            return
        case .update:
            codes[row] = 2
            return
        case .unchanged:
            codes[row] = 3
            return
        case .filtered, .rejected: break
        }
        let kind = Self.kind(of: outcome)
        if let code = codeOfKind[kind] {
            codes[row] = code
            return
        }
        // The kinds are bounded by the reject reasons and the template's filters, far below 65,535.
        precondition(kinds.count < Int(UInt16.max), "too many kinds of outcome")
        kinds.append(kind)
        let code = UInt16(kinds.count)
        codeOfKind[kind] = code
        codes[row] = code
    }

    /// How many rows have each kind, for every kind given and the three without a name.
    var tally: [(kind: RecordOutcome, rows: Int)] {
        var rows = [Int](repeating: 0, count: kinds.count + 1)
        for code in codes { rows[Int(code)] += 1 }
        return kinds.enumerated().map { ($1, rows[$0 + 1]) }
    }
}
