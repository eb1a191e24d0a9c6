/// One row of a template: how one target field gets its value.
public struct FieldMapping: Sendable, Hashable {
    /// The source field (F&O field or Sales attribute); nil for a constant or a default with no source.
    public var source: String?
    /// The target field (F&O field or Sales attribute).
    public var target: String
    /// The steps that turn the source value into the target value, in order.
    public var transforms: [FieldTransform]
    /// Where the row comes from.
    public var provenance: Provenance
    /// The value (constant, default or value map) is an inference worth checking.
    public var isInferred: Bool
    /// The row number in the reference's table for this task, when it has one.
    public var row: Int?
    /// Free text.
    public var note: String?
    /// The line of the row in its template file.
    public var line: Int?
    /// When a Sales target lookup is resolved: as the record is mapped, or after every flow (`pass: second`).
    public var pass: LookupPass = .first
    /// Which records get the field map's own value, its constant or its default (`on:`): by default only the ones
    /// the run creates.
    public var fixedScope: FixedValueScope = .create

    public init(
        source: String?, target: String, transforms: [FieldTransform], provenance: Provenance, isInferred: Bool,
        row: Int? = nil, note: String? = nil, line: Int? = nil
    ) {
        self.source = source
        self.target = target
        self.transforms = transforms
        self.provenance = provenance
        self.isInferred = isInferred
        self.row = row
        self.note = note
        self.line = line
    }

    /// Whether the field's Sales target lookup is resolved after every flow of the run (`pass: second`).
    public var isSecondPass: Bool { pass == .second }

    /// The lookup targets, when a Sales reference is resolved by business key.
    public var lookup: [LookupTarget] {
        for case .lookup(let targets) in transforms { return targets }
        return []
    }

    /// The name of the value map applied, if any.
    public var valueMapName: String? {
        for case .valueMap(let name, _) in transforms { return name }
        return nil
    }

    /// The policy for values the value map lacks (`.keep` when there is no value map).
    public var unmappedValuePolicy: UnmappedValuePolicy {
        for case .valueMap(_, let policy) in transforms { return policy }
        return .keep
    }

    /// The value used when the source is blank (or missing), if any.
    public var defaultValue: String? {
        for transform in transforms {
            switch transform {
            case .defaultValue(let value), .settingDefault(_, let value?): return value
            default: continue
            }
        }
        return nil
    }

    /// The run setting the field's default comes from (`defaultSetting:`), with its value when the run gives one.
    public var defaultSetting: (setting: TemplateSetting, value: String?)? {
        for case .settingDefault(let setting, let value) in transforms { return (setting, value) }
        return nil
    }

    /// The constant written regardless of the source, if any.
    public var constant: String? {
        for case .constant(let value) in transforms { return value }
        return nil
    }

    /// The fixed value of a row with no source field: its constant or its default.
    public var fixedValue: String? {
        source == nil ? constant ?? defaultValue : constant
    }

    /// Whether the field map has a value of its own (a constant or a default) that only a created record gets
    /// (`on: create`, the default).
    public var writesOwnValueOnCreateOnly: Bool {
        fixedScope == .create && (constant != nil || defaultValue != nil)
    }

    /// The source side as the reference writes it: `transactioncurrencyid.isocurrencycode`,
    /// `customerid.Account(accountnumber).Contact(msdynce_contactnumber)`, or the field itself.
    public func sourcePath(direction: FlowDirection) -> String? {
        guard let source else { return nil }
        return direction == .salesToFO ? Self.path(source, lookup) : source
    }

    /// The target side as the reference writes it (see `sourcePath(direction:)`).
    public func targetPath(direction: FlowDirection) -> String {
        direction == .foToSales ? Self.path(target, lookup) : target
    }

    private static func path(_ field: String, _ lookup: [LookupTarget]) -> String {
        switch lookup.count {
        case 0: field
        case 1: "\(field).\(lookup[0].keyAttribute)"
        default:
            field + "."
                + lookup.map { $0.entity.prefix(1).uppercased() + $0.entity.dropFirst() + "(\($0.keyAttribute))" }.joined(separator: ".")
        }
    }
}
