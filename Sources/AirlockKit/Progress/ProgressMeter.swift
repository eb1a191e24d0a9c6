import AirlockModel
import Foundation
import Synchronization

/// Progress lines for a command that may run for minutes: every `interval` seconds a line with the step under way
/// and how many records have been read (and converted) since the start, with records per second over the last
/// interval, so that a batch job's log shows the run moving; on a terminal also a line per step as it starts. A run
/// shorter than one interval prints nothing; one that printed a line ends with the totals.
///
/// Lines go to `sink` (standard error) from a thread of the meter's own: `stop()` ends it.
public final class ProgressMeter: Sendable {
    private struct State {
        var step = "starting"
        var lastRead: Int
        var lastConverted: Int
        var lastSeconds = 0.0
        var lines = 0
        var stopped = false
    }

    private let command: String
    private let interval: Double
    private let showSteps: Bool
    private let sink: @Sendable (String) -> Void
    private let startNanoseconds: UInt64
    private let startRead: Int
    private let startConverted: Int
    private let startChecked: Int
    private let state: Mutex<State>
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// The default interval between lines, in seconds.
    public static let defaultInterval = 10.0

    /// Starts the meter. `interval` 0 prints no periodic line; `showSteps` prints a line as each step starts.
    public init(command: String, interval: Double, showSteps: Bool, sink: @escaping @Sendable (String) -> Void) {
        self.command = command
        self.interval = max(0, interval)
        self.showSteps = showSteps
        self.sink = sink
        startNanoseconds = DispatchTime.now().uptimeNanoseconds
        startRead = RecordProgress.read
        startConverted = RecordProgress.converted
        startChecked = RecordProgress.checked
        state = Mutex(State(lastRead: RecordProgress.read, lastConverted: RecordProgress.converted))
        guard self.interval > 0 else {
            finished.signal()
            return
        }
        let thread = Thread { [self] in
            while wake.wait(timeout: .now() + self.interval) == .timedOut {
                if let line = tick() { sink(line) }
            }
            finished.signal()
        }
        thread.name = "airlock progress"
        thread.start()
    }

    private var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - startNanoseconds) / 1e9 }

    /// Names the step under way (a line at once when steps are shown).
    public func step(_ name: String) {
        let elapsed = seconds
        state.withLock { $0.step = name }
        if showSteps { sink("airlock: \(Self.formatSeconds(elapsed))  \(name)…") }
    }

    /// The line for now, with the rates since the last one; nil once stopped.
    func tick() -> String? {
        let now = seconds
        let read = RecordProgress.read
        let converted = RecordProgress.converted
        return state.withLock { state -> String? in
            guard !state.stopped else { return nil }
            let span = max(now - state.lastSeconds, 0.001)
            // A count that moved since the last line says how fast.
            func rate(_ count: Int, since last: Int) -> String {
                count > last ? " (\(Self.grouped(Int(Double(count - last) / span)))/s)" : ""
            }
            var parts = ["read \(Self.grouped(read - startRead)) records\(rate(read, since: state.lastRead))"]
            if converted > startConverted {
                parts.append("converted \(Self.grouped(converted - startConverted))\(rate(converted, since: state.lastConverted))")
            }
            state.lastRead = read
            state.lastConverted = converted
            state.lastSeconds = now
            state.lines += 1
            return "airlock: \(command): \(Self.formatSeconds(now))  \(state.step): \(parts.joined(separator: ", "))"
        }
    }

    /// Stops the meter; after a periodic line, prints the totals with the average rates.
    public func stop() {
        let now = seconds
        let printed = state.withLock { state -> Int? in
            guard !state.stopped else { return nil }
            state.stopped = true
            return state.lines
        }
        // Stopped before: the thread is gone and the totals said.
        guard let printed else { return }
        wake.signal()
        finished.wait()
        guard printed > 0 else { return }
        let read = RecordProgress.read - startRead
        let converted = RecordProgress.converted - startConverted
        let checked = RecordProgress.checked - startChecked
        let span = max(now, 0.001)
        var parts = ["read \(Self.grouped(read)) records (\(Self.grouped(Int(Double(read) / span)))/s)"]
        if converted > 0 { parts.append("converted \(Self.grouped(converted)) (\(Self.grouped(Int(Double(converted) / span)))/s)") }
        // Records parsed again (the outputs validated and cut, an export read twice) are not inputs: said apart.
        if checked > 0 { parts.append("read again to check \(Self.grouped(checked))") }
        sink("airlock: \(command): done in \(Self.formatSeconds(now)): \(parts.joined(separator: ", "))")
    }

    /// `12.3 s`, right-aligned to six characters before the unit.
    static func formatSeconds(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        let text = "\(tenths / 10).\(tenths % 10)"
        return String(repeating: " ", count: max(0, 6 - text.count)) + text + " s"
    }

    /// `1,204,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }
}
