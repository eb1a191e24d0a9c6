import AirlockMapping
import Foundation
import Testing

@testable import AirlockConvert

/// The two-lane flow scheduler: outputs in run order, a parent in the other lane finished first, other
/// prerequisites in the other lane not waited for, and the error of the earliest failed flow, as a sequential run
/// would give; and the early start of work on some flows' outputs (to-sales.zip) while others still run.
struct FlowSchedulerTests {
    struct Failure: Error, Equatable { var flow: String }

    /// A one-time signal between two flows' threads.
    final class StartSignal: @unchecked Sendable {
        private let condition = NSCondition()
        private var signalled = false
        func signal() {
            condition.lock()
            signalled = true
            condition.broadcast()
            condition.unlock()
        }
        func wait(seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(seconds)
            while !signalled, condition.wait(until: deadline) {}
            return signalled
        }
    }

    /// Start and end events of the flows, in the order they happened.
    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []
        func add(_ event: String) {
            lock.lock()
            events.append(event)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return events
        }
    }

    static func flow(_ name: String, _ direction: FlowDirection, after prerequisites: [String] = [], parent: String? = nil)
        -> MappingTemplate
    {
        let sales = TemplateEndpoint(side: .sales, entity: "account", key: [])
        let fo = TemplateEndpoint(side: .fo, entity: "CustCustomerV3Entity", key: [])
        return MappingTemplate(
            name: name, title: name, source: direction == .salesToFO ? sales : fo, target: direction == .salesToFO ? fo : sales,
            prerequisites: prerequisites, parent: parent.map { ParentRelation(flow: $0, link: [], onlyIncludedParents: false) }, fields: [])
    }

    /// a, b, d run Sales → F&O; c, e F&O → Sales; d's parent is c, in the other lane; e comes after b, which is
    /// in the other lane and not its parent.
    static let flows = [
        flow("a", .salesToFO), flow("b", .salesToFO), flow("c", .foToSales), flow("d", .salesToFO, parent: "c"),
        flow("e", .foToSales, after: ["b"]),
    ]

    @Test func outputsComeInRunOrderAndAParentFinishesFirst() throws {
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
            #expect(at("end a") < at("start b"))
            #expect(at("end c") < at("start e"))
        }
    }

    @Test func aPrerequisiteInTheOtherLaneThatIsNotTheParentHoldsNothingUp() throws {
        // b waits (up to 10 s) until e has started: if e waited for b, e would start only after that.
        let started = StartSignal()
        let outputs = try FlowScheduler.run(Self.flows) { template in
            if template.name == "e" { started.signal() }
            if template.name == "b" {
                #expect(started.wait(seconds: 10), "e should start while b, its prerequisite in the other lane, is still running")
            }
            return template.name
        }
        #expect(outputs == ["a", "b", "c", "d", "e"])
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
        // d's parent c failed, so d does not run; the run reports b's error, as a sequential run that stopped at b.
        #expect(!log.all.contains("start d"))
    }

    @Test func theWatchedFlowsOutputsComeOnceTheyAreDoneWhileOthersStillRun() throws {
        for _ in 0..<20 {
            let log = EventLog()
            // c and e (the F&O → Sales lane) are watched; b holds its lane until the watch has fired (up to 10 s).
            let fired = StartSignal()
            let outputs = try FlowScheduler.run(
                Self.flows,
                whenFinished: [
                    (
                        names: ["c", "e"],
                        action: { @Sendable (outputs: [String]) in
                            log.add("watch \(outputs.joined(separator: ","))")
                            fired.signal()
                        }
                    ),
                    (names: ["a"], action: { @Sendable (outputs: [String]) in log.add("second watch \(outputs.joined(separator: ","))") }),
                ]
            ) { template in
                if template.name == "b" {
                    #expect(fired.wait(seconds: 10), "the watch should fire while b, in the other lane, still runs")
                }
                usleep(UInt32.random(in: 0...1_000))
                log.add("end \(template.name)")
                return template.name
            }
            #expect(outputs == ["a", "b", "c", "d", "e"])
            let events = log.all
            #expect(events.filter { $0.hasPrefix("watch") } == ["watch c,e"])
            func at(_ event: String) -> Int { events.firstIndex(of: event) ?? -1 }
            #expect(at("end e") < at("watch c,e"))
            #expect(at("watch c,e") < at("end b"))
            // A second watch fires on its own, once, as soon as its flows are done.
            #expect(events.filter { $0.hasPrefix("second watch") } == ["second watch a"])
            #expect(at("end a") < at("second watch a"))
        }
    }

    @Test func anEmptyWatchFiresAtOnceAndAFailedWatchedFlowNever() throws {
        let log = EventLog()
        let outputs = try FlowScheduler.run(
            Self.flows, whenFinished: [(names: [], action: { @Sendable (outputs: [String]) in log.add("watch \(outputs.count)") })]
        ) {
            template in
            log.add("start \(template.name)")
            return template.name
        }
        #expect(outputs.count == 5)
        #expect(log.all.first == "watch 0")

        let failed = EventLog()
        #expect(throws: Failure(flow: "e")) {
            _ = try FlowScheduler.run(
                Self.flows, whenFinished: [(names: ["c", "e"], action: { @Sendable (_: [String]) in failed.add("watch") })]
            ) {
                template in
                if template.name == "e" { throw Failure(flow: "e") }
                return template.name
            }
        }
        #expect(failed.all.isEmpty)
    }
}
