import AirlockIO
import AirlockReport
import Foundation

/// `retry.json`: what `retry` put in its packages and why. Keys are written sorted and nothing depends on the
/// time, so equal inputs give equal bytes.
///
/// Per entity, `requested = found + notFound` (the distinct records the inputs name) and
/// `written = found + parents` (the failed records and the records they need).
public struct RetryReport: Sendable, Codable, Equatable {
    /// One entity of a package `retry` wrote.
    public struct Entity: Sendable, Codable, Equatable {
        /// `fo` or `sales`.
        public var side: String
        public var entity: String
        /// Distinct records the inputs name in this entity.
        public var requested: Int
        /// Of those, the ones the conversion's package holds.
        public var found: Int
        /// Of those, the ones it does not hold (listed in `not-found.csv`).
        public var notFound: Int
        /// Records added because a failed record needs them (a header, a customer, a record a lookup names).
        public var parents: Int
        /// Records written: `found + parents`.
        public var written: Int

        public init(side: String, entity: String, requested: Int, found: Int, notFound: Int, parents: Int, written: Int) {
            self.side = side
            self.entity = entity
            self.requested = requested
            self.found = found
            self.notFound = notFound
            self.parents = parents
            self.written = written
        }
    }

    /// Counts over every entity.
    public struct Totals: Sendable, Codable, Equatable {
        public var requested = 0
        public var found = 0
        public var notFound = 0
        public var parents = 0
        public var written = 0

        public init() {}
    }

    public var kind = "retry"
    public var tool = "airlock"
    public var version: String
    public var options: RetrialOptions
    /// The conversion's report and packages, and every input list, with their digests.
    public var inputs: [String: FileDigest]
    /// The files written, with their digests (`to-fo.zip`, `to-sales.zip`, `not-found.csv`).
    public var outputs: [String: FileDigest]
    /// Per side and entity, in package order.
    public var entities: [Entity]
    public var totals: Totals
    /// Inputs read per kind: requests read from each file (by file name as given).
    public var requestsByInput: [String: Int]
    public var warnings: [String]

    public init(
        version: String, options: RetrialOptions, inputs: [String: FileDigest], outputs: [String: FileDigest], entities: [Entity],
        requestsByInput: [String: Int], warnings: [String]
    ) {
        self.version = version
        self.options = options
        self.inputs = inputs
        self.outputs = outputs
        self.entities = entities
        self.requestsByInput = requestsByInput
        self.warnings = warnings
        var totals = Totals()
        for entity in entities {
            totals.requested += entity.requested
            totals.found += entity.found
            totals.notFound += entity.notFound
            totals.parents += entity.parents
            totals.written += entity.written
        }
        self.totals = totals
    }

    /// The JSON text, as `retry.json` holds it.
    public func jsonData() throws -> Data { try ReportJSON.data(self) }

    /// A summary for a terminal: per entity what was asked for and written, then the totals.
    public func text() -> String {
        var lines = ["Retry of \(options.runDirectory)"]
        let width = max(8, entities.map(\.entity.count).max() ?? 0)
        func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        lines.append("side   \(pad("entity"))  requested  found  not found  parents  written")
        for entity in entities {
            let side = entity.side + String(repeating: " ", count: max(0, 5 - entity.side.count))
            lines.append(
                "\(side)  \(pad(entity.entity))  \(String(format: "%9d  %5d  %9d  %7d  %7d", entity.requested, entity.found, entity.notFound, entity.parents, entity.written))"
            )
        }
        lines.append(
            "total: \(totals.requested) requested, \(totals.found) found, \(totals.notFound) not found, \(totals.parents) parents added, \(totals.written) written"
        )
        for warning in warnings { lines.append("warning: \(warning)") }
        return lines.joined(separator: "\n")
    }
}
