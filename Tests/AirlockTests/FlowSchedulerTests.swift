@testable import AirlockConvert
import AirlockMapping
import Foundation
import Testing

/// The two-lane flow scheduler: outputs in run order, prerequisites across lanes finished first, and the error
/// of the earliest failed flow, as a sequential run would give.
struct FlowSchedulerTests {
    struct Failure: Error, Equatable { var flow: String }

    /// Start and end events of the flows, in the order they happened.
    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []
        func add(_ event: String) { lock.lock(); events.append(event); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return events }
    }

    static func flow(_ name: String, _ direction: FlowDirection, after prerequisites: [String] = []) -> MappingTemplate {
        let sales = TemplateEndpoint(side: .sales, entity: "account", key: [])
        let fo = TemplateEndpoint(side: .fo, entity: "CustCustomerV3Entity", key: [])
        return MappingTemplate(
            name: name, title: name, source: direction == .salesToFO ? sales : fo, target: direction == .salesToFO ? fo : sales,
            prerequisites: prerequisites, fields: [])
    }

    /// a, b, d run Sales → F&O; c, e F&O → Sales; d needs c from the other lane, e needs b.
    static let flows = [
        flow("a", .salesToFO), flow("b", .salesToFO), flow("c", .foToSales), flow("d", .salesToFO, after: ["c"]),
        flow("e", .foToSales, after: ["b"]),
    ]

    @Test func outputsComeInRunOrderAndPrerequisitesFinishFirst() throws {
        for _ in 0..<20 {
            let log = EventLog()
            let outputs = try FlowScheduler.run(Self.flows) { template in
                log.add("start \(template.name)")
                usleep(UInt32.random(in: 0...2_000))
                log.add("end \(template.name)")
                return template.name.uppercased()
            }
            #expect(outputs == ["A", "B", "C", "D", "E"])
            let events = log.all
            func at(_ event: String) -> Int { events.firstIndex(of: event) ?? -1 }
            #expect(at("end c") < at("start d"))
            #expect(at("end b") < at("start e"))
            #expect(at("end a") < at("start b"))
            #expect(at("end c") < at("start e"))
        }
    }

    @Test func theEarliestFailedFlowIsReportedAndItsDependentsDoNotRun() {
        let log = EventLog()
        #expect(throws: Failure(flow: "b")) {
            _ = try FlowScheduler.run(Self.flows) { template in
                log.add("start \(template.name)")
                if template.name == "b" || template.name == "c" { throw Failure(flow: template.name) }
                return template.name
            }
        }
        // d waits for c and e for b: neither runs, as in a sequential run that stopped at b.
        #expect(!log.all.contains("start d"))
        #expect(!log.all.contains("start e"))
    }
}
