import AirlockMapping
import Foundation
import Testing

@testable import AirlockConvert

/// The flow scheduler: outputs in run order, a flow started only once the flows it reads have finished, flows that
/// do not read each other side by side whatever their direction, the critical path first, and the error of the
/// earliest failed flow, as a sequential run would give; and the early start of work on some flows' outputs
/// (to-sales.zip) while others still run.
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

    /// a, b, d run Sales → F&O; c, e F&O → Sales; d's parent is c; e comes after b but does not read it.
    static let flows = [
        flow("a", .salesToFO), flow("b", .salesToFO), flow("c", .foToSales), flow("d", .salesToFO, parent: "c"),
        flow("e", .foToSales, after: ["b"]),
    ]
    /// b reads a (the same direction, as a flow writing the same target would), d reads c (its parent).
    static let reads = FlowReads(order: flows, reads: ["b": ["a"], "d": ["c"]])

    @Test func outputsComeInRunOrderAndAFlowStartsOnlyOnceWhatItReadsHasFinished() throws {
        for _ in 0..<20 {
            let log = EventLog()
            let outputs = try FlowScheduler.run(Self.flows, reads: Self.reads) { template in
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
        }
    }

    @Test func readsAreKeptToEarlierFlowsOfTheRunOrder() {
        let reads = FlowReads(order: Self.flows, reads: ["a": ["b"], "c": ["a", "x", "c"], "e": ["d", "b"]])
        #expect(reads.flows(readBy: "a").isEmpty)
        #expect(reads.flows(readBy: "c") == ["a"])
        #expect(reads.flows(readBy: "e") == ["b", "d"])
        #expect(FlowReads.everyEarlier(Self.flows).flows(readBy: "d") == ["a", "b", "c"])
    }

    @Test func aPrerequisiteAFlowDoesNotReadHoldsNothingUp() throws {
        // b waits (up to 10 s) until e has started: if e waited for b, e would start only after that.
        let started = StartSignal()
        let outputs = try FlowScheduler.run(Self.flows, reads: Self.reads) { template in
            if template.name == "e" { started.signal() }
            if template.name == "b" {
                #expect(started.wait(seconds: 10), "e should start while b, a prerequisite it does not read, is still running")
            }
            return template.name
        }
        #expect(outputs == ["a", "b", "c", "d", "e"])
    }

    @Test func flowsOfOneDirectionThatDoNotReadEachOtherRunSideBySide() throws {
        // Three F&O → Sales flows reading nothing: the first waits (up to 10 s) until another has started.
        let flows = [Self.flow("p", .foToSales), Self.flow("q", .foToSales), Self.flow("r", .foToSales)]
        let started = StartSignal()
        let outputs = try FlowScheduler.run(flows, reads: FlowReads(order: flows, reads: [:]), workers: 2) { template in
            if template.name != "p" { started.signal() }
            if template.name == "p" { #expect(started.wait(seconds: 10), "q or r should start while p runs") }
            return template.name
        }
        #expect(outputs == ["p", "q", "r"])
    }

    @Test func aFreeWorkerTakesTheFlowWithTheLongestChainOfWorkBehindIt() throws {
        // x and y are ready at once; z reads y and costs most, so y (chain 11) goes before x (chain 1), then z.
        let flows = [Self.flow("x", .foToSales), Self.flow("y", .foToSales), Self.flow("z", .foToSales)]
        let reads = FlowReads(order: flows, reads: ["z": ["y"]])
        let costs = ["x": 1, "y": 1, "z": 10]
        #expect(FlowScheduler.preference(flows, reads: reads, costs: costs) == [1, 2, 0])
        let log = EventLog()
        let outputs = try FlowScheduler.run(flows, reads: reads, costs: costs, workers: 1) { template in
            log.add(template.name)
            return template.name
        }
        #expect(log.all == ["y", "z", "x"])
        #expect(outputs == ["x", "y", "z"])
        // Equal chains go in run order.
        #expect(FlowScheduler.preference(flows, reads: FlowReads(order: flows, reads: [:]), costs: [:]) == [0, 1, 2])
    }

    @Test func theEarliestFailedFlowIsReportedAndItsDependentsDoNotRun() {
        let log = EventLog()
        #expect(throws: Failure(flow: "b")) {
            _ = try FlowScheduler.run(Self.flows, reads: Self.reads) { template in
                log.add("start \(template.name)")
                if template.name == "b" || template.name == "c" { throw Failure(flow: template.name) }
                return template.name
            }
        }
        // d reads c, which failed, so d does not run; the run reports b's error, as a sequential run that stopped at b.
        #expect(!log.all.contains("start d"))
    }

    @Test func aFlowBeforeTheFailedOneStillRunsAndOnesAfterItDoNotStart() {
        // With one worker and c preferred (it has the longest chain), c fails first; a and b come before it in run
        // order and still run (a sequential run would have run them first), d and e come after it and do not.
        let log = EventLog()
        #expect(throws: Failure(flow: "c")) {
            _ = try FlowScheduler.run(Self.flows, reads: Self.reads, costs: ["c": 100], workers: 1) { template in
                log.add("start \(template.name)")
                if template.name == "c" { throw Failure(flow: "c") }
                return template.name
            }
        }
        #expect(log.all == ["start c", "start a", "start b"])
    }

    @Test func theWatchedFlowsOutputsComeOnceTheyAreDoneWhileOthersStillRun() throws {
        for _ in 0..<10 {
            let log = EventLog()
            // c and e are watched; b holds its worker until the watch has fired (up to 10 s).
            let fired = StartSignal()
            let outputs = try FlowScheduler.run(
                Self.flows, reads: Self.reads,
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
                    #expect(fired.wait(seconds: 10), "the watch should fire while b still runs")
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
            Self.flows, reads: Self.reads,
            whenFinished: [(names: [], action: { @Sendable (outputs: [String]) in log.add("watch \(outputs.count)") })]
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
                Self.flows, reads: Self.reads,
                whenFinished: [(names: ["c", "e"], action: { @Sendable (_: [String]) in failed.add("watch") })]
            ) {
                template in
                if template.name == "e" { throw Failure(flow: "e") }
                return template.name
            }
        }
        #expect(failed.all.isEmpty)
    }
}
