import AirlockKit
import Testing

/// `--shard` as a user writes it (`i/N`) or a scheduler gives it (`auto`: Slurm's job array, a Kubernetes Indexed
/// Job with `--shard-count`), and what a bad value gets: a usage error naming what is wrong.
@Suite struct ShardSelectionSchedulerTests {
    /// The usage error `parse` throws on `text` with `count` in `environment`: its message.
    static func refusal(_ text: String, count: Int? = nil, environment: [String: String] = [:]) throws -> String {
        let error = try #require(throws: AirlockError.self) {
            try ShardSelection.parse(text, count: count, environment: environment)
        }
        #expect(error.code == .usage, "\(text): \(error.code)")
        return error.message
    }

    @Test func iOfNIsShardIOfNCountedFromZero() throws {
        let selection = try ShardSelection.parse("2/8", environment: [:])
        #expect(selection.index == 2 && selection.count == 8)
        #expect(selection.description == "2/8")
        #expect(try ShardSelection.parse("0/1", environment: [:]) == ShardSelection(index: 0, count: 1))
        #expect(try ShardSelection.parse("4095/4096", environment: [:]) == ShardSelection(index: 4095, count: 4096))
        // --shard-count, when given with i/N, must say the same N.
        #expect(try ShardSelection.parse("3/4", count: 4, environment: [:]) == ShardSelection(index: 3, count: 4))
        // i/N ignores the scheduler's environment.
        #expect(try ShardSelection.parse("1/2", environment: ["SLURM_ARRAY_TASK_ID": "7"]) == ShardSelection(index: 1, count: 2))
    }

    @Test func textThatIsNotIOfNIsRefusedQuoted() throws {
        for text in ["x", "", "3", "1/2/3", "/4", "1/", "a/4", "1/four", " 1/4", "1.0/4", "1 of 4", "AUTO"] {
            #expect(try Self.refusal(text) == "--shard takes i/N (shard i of N, from 0: --shard 0/4) or auto, not '\(text)'")
        }
    }

    @Test func anIndexOutsideTheCountOrACountOutOfRangeIsRefused() throws {
        #expect(try Self.refusal("4/4") == "shard 4 is not one of 4 shards (0 to 3)")
        #expect(try Self.refusal("-1/4") == "shard -1 is not one of 4 shards (0 to 3)")
        #expect(try Self.refusal("0/0") == "a conversion is cut into 1 to 4096 shards, not 0")
        #expect(try Self.refusal("1/0") == "a conversion is cut into 1 to 4096 shards, not 0")
        #expect(try Self.refusal("0/-2") == "a conversion is cut into 1 to 4096 shards, not -2")
        #expect(try Self.refusal("0/4097") == "a conversion is cut into 1 to 4096 shards, not 4097")
        #expect(try Self.refusal("1/4", count: 8) == "--shard 1/4 says 4 shards but --shard-count says 8")
        // The model's own check, which parse reaches last.
        let model = try #require(throws: AirlockError.self) { try ShardSelection(index: 2, count: 2) }
        #expect(model.code == .usage && model.message == "shard 2 is not one of 2 shards (0 to 1)")
    }

    @Test func autoTakesTheSlurmArrayTaskCountedFromItsMinimum() throws {
        let slurm = ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "6", "SLURM_ARRAY_TASK_MIN": "0"]
        #expect(try ShardSelection.parse("auto", environment: slurm) == ShardSelection(index: 5, count: 6))
        // sbatch --array=1-6: tasks 1 to 6 are shards 0 to 5.
        let fromOne = ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "6", "SLURM_ARRAY_TASK_MIN": "1"]
        #expect(try ShardSelection.parse("auto", environment: fromOne) == ShardSelection(index: 0, count: 6))
        var last = fromOne
        last["SLURM_ARRAY_TASK_ID"] = "6"
        #expect(try ShardSelection.parse("auto", environment: last) == ShardSelection(index: 5, count: 6))
        // Without a minimum the array starts at 0; values are read trimmed of ASCII white space.
        let padded = ["SLURM_ARRAY_TASK_ID": " 2\n", "SLURM_ARRAY_TASK_COUNT": "3 "]
        #expect(try ShardSelection.parse("auto", environment: padded) == ShardSelection(index: 2, count: 3))
        // --shard-count stands in for a count Slurm does not give, and must agree with one it gives.
        #expect(try ShardSelection.parse("auto", count: 4, environment: ["SLURM_ARRAY_TASK_ID": "3"]) == ShardSelection(index: 3, count: 4))
        #expect(try ShardSelection.parse("auto", count: 6, environment: slurm) == ShardSelection(index: 5, count: 6))
        // Slurm's variables come before a Kubernetes index.
        var both = slurm
        both["JOB_COMPLETION_INDEX"] = "1"
        #expect(try ShardSelection.parse("auto", count: 6, environment: both) == ShardSelection(index: 5, count: 6))
    }

    @Test func autoTakesTheKubernetesCompletionIndexWithTheShardCount() throws {
        #expect(
            try ShardSelection.parse("auto", count: 4, environment: ["JOB_COMPLETION_INDEX": "3"]) == ShardSelection(index: 3, count: 4))
        #expect(
            try ShardSelection.parse("auto", count: 1, environment: ["JOB_COMPLETION_INDEX": "0"]) == ShardSelection(index: 0, count: 1))
    }

    @Test func autoNamesWhatIsWrongWithTheEnvironment() throws {
        #expect(
            try Self.refusal("auto")
                == "--shard auto needs a scheduler's task index: SLURM_ARRAY_TASK_ID (sbatch --array) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job); neither is set"
        )
        // A count alone, or another scheduler's variables, name no task.
        #expect(
            try Self.refusal("auto", count: 4, environment: ["SLURM_ARRAY_TASK_COUNT": "4", "SLURM_JOB_ID": "77"]).hasSuffix(
                "neither is set"))
        #expect(
            try Self.refusal("auto", environment: ["SLURM_ARRAY_TASK_ID": "2"])
                == "--shard auto: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT; give --shard-count")
        #expect(
            try Self.refusal("auto", count: 4, environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "6"])
                == "--shard-count says 4 shards but the Slurm array has 6 tasks")
        #expect(
            try Self.refusal("auto", environment: ["SLURM_ARRAY_TASK_ID": "two", "SLURM_ARRAY_TASK_COUNT": "6"])
                == "--shard auto: SLURM_ARRAY_TASK_ID is 'two', not a number")
        #expect(
            try Self.refusal("auto", environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "6", "SLURM_ARRAY_TASK_MIN": ""])
                == "--shard auto: SLURM_ARRAY_TASK_MIN is '', not a number")
        #expect(
            try Self.refusal("auto", environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "6x"])
                == "--shard auto: SLURM_ARRAY_TASK_COUNT is '6x', not a number")
        // A task past the array's count (sbatch --array=1-6 read as if it started at 0).
        #expect(
            try Self.refusal("auto", environment: ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_COUNT": "6"])
                == "shard 6 is not one of 6 shards (0 to 5)")
        #expect(
            try Self.refusal("auto", environment: ["JOB_COMPLETION_INDEX": "3"])
                == "--shard auto: JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) needs --shard-count, the Job's completions")
        #expect(
            try Self.refusal("auto", count: 2, environment: ["JOB_COMPLETION_INDEX": "-"])
                == "--shard auto: JOB_COMPLETION_INDEX is '-', not a number")
        #expect(try Self.refusal("auto", count: 3, environment: ["JOB_COMPLETION_INDEX": "3"]) == "shard 3 is not one of 3 shards (0 to 2)")
    }
}
