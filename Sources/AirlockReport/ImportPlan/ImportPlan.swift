import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation

/// The order in which a batched run's packages are imported (`import-plan.json`, with `import-plan.txt` beside it):
/// two series, F&O's and Sales', each in its own order with its steps numbered from 1. The series are independent:
/// no record of one names a record the other's import creates, so they may load side by side. Consecutive batches that hold different tables of one level form one step: they may
/// be imported side by side. Two batches of one table never share a step (parallel loads of one table deadlock), and
/// a batch never shares a step with one whose records it names.
public struct ImportPlan: Sendable, Codable, Equatable {
    /// One batch, as the plan lists it.
    public struct Batch: Sendable, Codable, Equatable {
        /// The target system: `F&O` or `Sales`.
        public var system: String
        /// The package's file name, inside the run's `batches/` folder.
        public var file: String
        /// The zip's size in bytes and its SHA-256.
        public var bytes: Int64
        public var sha256: String
        /// Its records, all entities together.
        public var records: Int
        /// Its entities in import order, each with its records and its level (1: names no other entity of the run).
        public var sections: [Section]

        public init(system: String, file: String, bytes: Int64, sha256: String, records: Int, sections: [Section]) {
            self.system = system
            self.file = file
            self.bytes = bytes
            self.sha256 = sha256
            self.records = records
            self.sections = sections
        }
    }

    /// One entity of a batch.
    public struct Section: Sendable, Codable, Equatable {
        public var entity: String
        public var records: Int
        /// 1 for an entity that names no other entity of its side's package; else one more than the highest level of
        /// the entities it names.
        public var level: Int
        /// Whether the entity's records continue in the next batch.
        public var continues: Bool

        public init(entity: String, records: Int, level: Int, continues: Bool) {
            self.entity = entity
            self.records = records
            self.level = level
            self.continues = continues
        }
    }

    /// One step: batches imported together (side by side when more than one), after the steps before.
    public struct Step: Sendable, Codable, Equatable {
        /// From 1.
        public var number: Int
        public var batches: [Batch]

        public init(number: Int, batches: [Batch]) {
            self.number = number
            self.batches = batches
        }
    }

    /// The run folder's subfolder of the series and the plan, and the plan's files there.
    public static let folder = RunLayout.batchesFolder
    public static let jsonName = RunLayout.importPlan
    public static let textName = RunLayout.importPlanText

    /// The format of `import-plan.json`; raised when a key changes meaning.
    public var version: Int
    /// The limits the run cut its packages by.
    public var limits: PackageBatchLimits
    public var steps: [Step]

    public init(limits: PackageBatchLimits, steps: [Step]) {
        self.version = 1
        self.limits = limits
        self.steps = steps
    }

    /// `import-plan.json`: as the reports are written (keys sorted, a final newline).
    public func jsonData() throws -> Data { try ReportJSON.data(self) }

    /// Every batch in import order.
    public var batches: [Batch] { steps.flatMap(\.batches) }

    /// The steps of one side's series, numbered from `first`: consecutive batches go into one step while all their
    /// sections are of one level and of tables no other batch of the step holds (a table cut over two batches puts
    /// them in two steps).
    public static func steps(_ batches: [Batch], numberedFrom first: Int) -> [Step] {
        var steps: [Step] = []
        var current: [Batch] = []
        func canJoin(_ batch: Batch) -> Bool {
            guard let level = current.first?.sections.first?.level,
                current.allSatisfy({ $0.sections.allSatisfy { $0.level == level } })
            else { return false }
            let held = Set(current.flatMap { $0.sections.map(\.entity) })
            return batch.sections.allSatisfy { $0.level == level && !held.contains($0.entity) }
        }
        for batch in batches {
            if current.isEmpty || canJoin(batch) {
                current.append(batch)
            } else {
                steps.append(Step(number: first + steps.count, batches: current))
                current = [batch]
            }
        }
        if !current.isEmpty { steps.append(Step(number: first + steps.count, batches: current)) }
        return steps
    }
}
