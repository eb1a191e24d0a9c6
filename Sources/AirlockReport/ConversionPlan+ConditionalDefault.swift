extension ConversionPlan {
    /// A field map whose own value (its default) is not for every record whose source is blank: it goes only to
    /// records holding data for the field (`onlyWith`: the rest of an address), and another field of the record
    /// comes first (`fallback`: the record's own country). Says how the flow's records took the field: its default,
    /// the other field's value, or nothing, and on how many of them the default would have contradicted their own
    /// data (the fallback field naming another value).
    public struct ConditionalDefault: Sendable, Codable, Equatable {
        /// The target field.
        public var field: String
        /// The field map's own value (its default, or the run's setting).
        public var defaultValue: String?
        /// The fields whose data the default needs (`onlyWith`), the source field first.
        public var onlyWith: [String]
        /// The field read before the default (`fallback`).
        public var fallback: String?
        /// Records that take the default.
        public var defaulted: Int
        /// Records that take the fallback field's value.
        public var fromFallback: Int
        /// Records left empty: none of `onlyWith` holds a value.
        public var withheld: Int
        /// Of `fromFallback` and `withheld`, the records whose own value (the fallback field's) is not the default: the
        /// default would have contradicted their data.
        public var contradicted: Int
        /// Of `contradicted`, those left empty (the others took the fallback's value).
        public var contradictedWithheld: Int
        /// Those records' own values with their records, most first (at most `ConversionPlan.causeLimit`).
        public var ownValues: [String: Int]
        /// The first of those records, by key (at most `exampleLimit`).
        public var examples: [String]

        /// How many records a warning names.
        public static let exampleLimit = 5

        public init(
            field: String, defaultValue: String?, onlyWith: [String], fallback: String?, defaulted: Int = 0, fromFallback: Int = 0,
            withheld: Int = 0, contradicted: Int = 0, contradictedWithheld: Int = 0, ownValues: [String: Int] = [:],
            examples: [String] = []
        ) {
            self.field = field
            self.defaultValue = defaultValue
            self.onlyWith = onlyWith
            self.fallback = fallback
            self.defaulted = defaulted
            self.fromFallback = fromFallback
            self.withheld = withheld
            self.contradicted = contradicted
            self.contradictedWithheld = contradictedWithheld
            self.ownValues = ownValues
            self.examples = examples
        }

        /// `, not its default US` (nothing without a default).
        private var notTheDefault: String { defaultValue.map { ", not its default \($0)" } ?? "" }

        /// `FR 5, DK 3`: the records' own values, most records first.
        private var ownValuesText: String {
            ownValues.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }

        /// What the flow did with the field, a line each (the plan's lines, the page's rows): the records left
        /// empty, those that took the fallback's value, those that took the default. The records whose own data the
        /// default would have contradicted are the run's warning (`warning`), which the plan prints too.
        public var lines: [String] {
            var lines: [String] = []
            let fields = onlyWith.joined(separator: ", ")
            if withheld > 0 {
                lines.append(
                    "\(field) left empty on \(Self.records(withheld)) holding none of \(fields) (onlyWith)\(notTheDefault)")
            }
            if let fallback, fromFallback > 0 {
                lines.append("\(field) takes \(fallback) on \(Self.records(fromFallback)) (fallback)\(notTheDefault)")
            }
            if let defaultValue, defaulted > 0 {
                lines.append("\(field) takes its default \(defaultValue) on \(Self.records(defaulted))")
            }
            return lines
        }

        /// The run's warning, when the default would have contradicted some record's own data: what was done instead,
        /// with the records' own values and the first records; nil otherwise.
        public var warning: String? {
            guard contradicted > 0, let fallback, let defaultValue else { return nil }
            var done: [String] = []
            if contradictedWithheld > 0 {
                done.append(
                    "\(Self.records(contradictedWithheld)) left empty, holding none of \(onlyWith.joined(separator: ", ")) (onlyWith)")
            }
            let took = contradicted - contradictedWithheld
            if took > 0 { done.append("\(Self.records(took)) take their \(fallback) (fallback)") }
            return
                "\(field): its default \(defaultValue) is not given to \(Self.records(contradicted)) whose own \(fallback) says otherwise (\(ownValuesText); first: \(examples.joined(separator: ", "))): \(done.joined(separator: "; "))"
        }

        private static func records(_ count: Int) -> String { "\(count) record\(count == 1 ? "" : "s")" }
    }
}
