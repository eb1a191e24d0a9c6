import AirlockModel

/// `--shard` as a user or a scheduler gives it: `i/N`, or `auto` from the environment a scheduler sets for each
/// task of an array (Slurm's job array, a Kubernetes Indexed Job). Kept beside the shards, not in the model: the
/// model knows a shard only as an index and a count.
extension ShardSelection {
    /// `i/N` as written after `--shard`, or `auto`: the index and count a scheduler gives the process (Slurm's
    /// `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`; Kubernetes' `JOB_COMPLETION_INDEX` with `count`, the
    /// `--shard-count` option, which a Kubernetes Indexed Job does not pass on).
    /// - Throws: `AirlockError(.usage)` naming what is wrong with the text or the environment.
    /// `option` names the option in messages (`--range` of a partition's read takes the same).
    public static func parse(_ text: String, count: Int? = nil, option: String = "--shard", environment: [String: String]) throws
        -> ShardSelection
    {
        if text == "auto" { return try fromScheduler(count: count, environment: environment) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let total = Int(parts[1]) else {
            throw AirlockError(.usage, "\(option) takes i/N (\(option.dropFirst(2)) i of N, from 0: \(option) 0/4) or auto, not '\(text)'")
        }
        if let count, count != total {
            throw AirlockError(.usage, "--shard \(text) says \(total) shards but --shard-count says \(count)")
        }
        return try ShardSelection(index: index, count: total)
    }

    /// The shard a scheduler's environment names: Slurm's job array, or a Kubernetes Indexed Job with `count`.
    private static func fromScheduler(count: Int?, environment: [String: String]) throws -> ShardSelection {
        func number(_ name: String) throws -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingASCIIWhitespace()) else {
                throw AirlockError(.usage, "--shard auto: \(name) is '\(text)', not a number")
            }
            return value
        }
        if let index = try number("SLURM_ARRAY_TASK_ID") {
            let minimum = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            guard let total = try count ?? number("SLURM_ARRAY_TASK_COUNT") else {
                throw AirlockError(.usage, "--shard auto: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT; give --shard-count")
            }
            if let count, let slurmCount = try number("SLURM_ARRAY_TASK_COUNT"), slurmCount != count {
                throw AirlockError(.usage, "--shard-count says \(count) shards but the Slurm array has \(slurmCount) tasks")
            }
            return try ShardSelection(index: index - minimum, count: total)
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            guard let count else {
                throw AirlockError(
                    .usage, "--shard auto: JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) needs --shard-count, the Job's completions")
            }
            return try ShardSelection(index: index, count: count)
        }
        throw AirlockError(
            .usage,
            "--shard auto needs a scheduler's task index: SLURM_ARRAY_TASK_ID (sbatch --array) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job); neither is set"
        )
    }
}
