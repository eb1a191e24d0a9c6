import AirlockKit
import ArgumentParser

/// `--progress SECONDS`, shared by the commands that read whole exports (convert, validate, diff, verify).
struct ProgressArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Print a progress line on standard error every SECONDS seconds (the step under way, records read and converted, records per second), terminal or not; 0 turns it off.",
            valueName: "seconds"))
    var progress: Double = ProgressMeter.defaultInterval

    func validate() throws {
        guard progress >= 0, progress.isFinite else { throw ValidationError("--progress must be 0 or more seconds") }
    }

    /// A meter for `command` writing to `output`'s standard error: periodic lines every `--progress` seconds, and a
    /// line per step on a terminal.
    func meter(_ command: String, output: CommandOutput) -> ProgressMeter {
        ProgressMeter(
            command: command, interval: progress, showSteps: output.standardErrorIsTerminal,
            sink: { line in output.writeError(line + "\n") })
    }
}
