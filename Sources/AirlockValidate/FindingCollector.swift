import AirlockModel

/// Gathers findings while a package is streamed: counts every one, keeps the first `maxFindings` for the
/// report, and the first few of each entity and rule as examples, so memory stays bounded however many
/// records are wrong.
///
/// Not thread-safe: each concurrent task fills its own collector, handed over when the task has finished and
/// merged in a fixed order (`merge(_:)`), so the report is the same as a sequential run's.
public final class FindingCollector: @unchecked Sendable {
    public let maxFindings: Int
    public let examplesPerGroup: Int
    public private(set) var errors = 0
    public private(set) var warnings = 0
    public private(set) var notices = 0
    public private(set) var findings: [ValidationFinding] = []
    /// Counts and examples per (entity, rule), in order of first appearance.
    public private(set) var groups: [ValidationGroup] = []
    private var groupIndex: [GroupKey: Int] = [:]

    private struct GroupKey: Hashable {
        var entity: String?
        var rule: String
        var severity: ValidationSeverity
    }

    public init(maxFindings: Int = 10_000, examplesPerGroup: Int = 3) {
        self.maxFindings = maxFindings
        self.examplesPerGroup = examplesPerGroup
    }

    /// Whether findings were dropped from `findings` because of `maxFindings`.
    public var isTruncated: Bool { errors + warnings + notices > findings.count }

    /// Records a finding.
    public func add(_ finding: ValidationFinding) {
        count(finding.severity)
        if findings.count < maxFindings { findings.append(finding) }
        let key = GroupKey(entity: finding.entity, rule: finding.rule, severity: finding.severity)
        if let index = groupIndex[key] {
            groups[index].count += 1
            if groups[index].examples.count < examplesPerGroup { groups[index].examples.append(finding) }
        } else {
            groupIndex[key] = groups.count
            groups.append(
                ValidationGroup(entity: finding.entity, rule: finding.rule, severity: finding.severity, count: 1, examples: [finding]))
        }
    }

    /// Adds everything `other` collected, after what this collector holds.
    public func merge(_ other: FindingCollector) {
        errors += other.errors
        warnings += other.warnings
        notices += other.notices
        findings.append(contentsOf: other.findings.prefix(max(0, maxFindings - findings.count)))
        for group in other.groups {
            let key = GroupKey(entity: group.entity, rule: group.rule, severity: group.severity)
            if let index = groupIndex[key] {
                groups[index].count += group.count
                groups[index].examples.append(contentsOf: group.examples.prefix(max(0, examplesPerGroup - groups[index].examples.count)))
            } else {
                groupIndex[key] = groups.count
                groups.append(group)
            }
        }
    }

    /// Records a finding of `rule`. Its record, value and message are made only when the finding is kept (in
    /// `findings` or as an example), not for the many only counted.
    public func add(
        _ rule: ValidationRule, entity: String? = nil, file: String? = nil, line: Int? = nil, record: @autoclosure () -> String? = nil,
        field: String? = nil, value: @autoclosure () -> String? = nil, _ message: @autoclosure () -> String,
        severity: ValidationSeverity? = nil, basis: CatalogCertainty? = nil
    ) {
        let effective = severity ?? rule.severity
        if findings.count >= maxFindings, let index = groupIndex[GroupKey(entity: entity, rule: rule.id, severity: effective)],
            groups[index].examples.count >= examplesPerGroup
        {
            count(effective)
            groups[index].count += 1
            return
        }
        add(
            ValidationFinding(
                rule: rule, entity: entity, file: file, line: line, record: record(), field: field, value: value(), message: message(),
                severity: effective, basis: basis))
    }

    private func count(_ severity: ValidationSeverity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .notice: notices += 1
        }
    }
}
