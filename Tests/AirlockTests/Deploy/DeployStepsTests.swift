import Foundation
import Testing
import Yams

/// `deploy/shard-steps.txt` is the one list of a sharded conversion's steps: its lines use only the six placeholders,
/// the partition's reads and the shards run one per index, and the Kubernetes Jobs run exactly those lines (bound to
/// the manifest's paths), with the objects the manifest's apply steps and the Jobs' rules need.
@Suite struct DeployStepsTests {
    static let root = ConvertFixture.root
    static let placeholders = ["{bin}", "{fo}", "{sales}", "{out}", "{i}", "{n}"]

    /// The steps: the lines that are no comment, as words.
    static func steps() throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("deploy/shard-steps.txt"), encoding: .utf8)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { $0.split(separator: " ").map(String.init) }
    }

    @Test func theStepsArePartitionShardsMerge() throws {
        let steps = try Self.steps()
        #expect(
            steps.map { $0.dropFirst().first } == [
                "partition", "partition", "partition", "convert", "convert", "merge", "merge", "merge", "merge", "merge",
            ])
        #expect(steps[3].contains("--reference-flows") && !steps[3].joined().contains("{i}"), "the reference flows, once")
        #expect(
            steps.suffix(5).map { line in line.firstIndex(of: "--step").map { line[$0 + 1] } } == [
                "sales", "fo", "deflate", "batches", nil,
            ])
        #expect(steps.prefix(3).compactMap { line in line.firstIndex(of: "--step").map { line[$0 + 1] } } == ["split", "read", "join"])
        #expect(steps.allSatisfy { $0.first == "{bin}" })
        // The partition's reads, the shards, the deflating of the members' sections and the batches run per index; the
        // shards' line is the one holding --shard (the Slurm script reruns from it).
        #expect(steps.indices.filter { steps[$0].joined().contains("{i}") } == [1, 4, 7, 8])
        #expect(steps.indices.filter { steps[$0].contains("--shard") } == [4])
        for word in steps.joined() {
            var rest = word
            for placeholder in Self.placeholders { rest = rest.replacingOccurrences(of: placeholder, with: "") }
            #expect(!rest.contains("{") && !rest.contains("}"), "\(word) holds a placeholder the runners do not fill")
        }
    }

    /// Each Job of the manifest runs its step's line with {bin} /opt/airlock/airlock, {fo} and {sales} in /data/in,
    /// {out} /data/run, {n} the Indexed Job's completions and {i} its completion index.
    @Test func theKubernetesJobsRunTheSteps() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("deploy/kubernetes/convert-shards.yaml"), encoding: .utf8)
        let objects = try Yams.load_all(yaml: text).compactMap { $0 as? [String: Any] }
        let claims = objects.filter { $0["kind"] as? String == "PersistentVolumeClaim" }
        let claimName = try #require(((claims.first?["metadata"] as? [String: Any])?["name"]) as? String)
        let jobs = objects.filter { $0["kind"] as? String == "Job" }
        #expect(jobs.allSatisfy { $0["apiVersion"] as? String == "batch/v1" })
        let indexed = jobs.filter { ($0["spec"] as? [String: Any])?["completionMode"] as? String == "Indexed" }
        #expect(indexed.count == 4, "the partition's reads, the shards, the deflating of the members' sections and the batches")
        let counts = try indexed.map { job in
            let spec = try #require(job["spec"] as? [String: Any])
            let count = try #require(spec["completions"] as? Int)
            #expect((spec["parallelism"] as? Int ?? count) <= count)
            return count
        }
        #expect(Set(counts).count == 1, "every Indexed Job has N completions")
        let count = try #require(counts.first)
        let bound: [String: String] = [
            "{bin}": "/opt/airlock/airlock", "{fo}": "/data/in/fo-export.zip", "{sales}": "/data/in/sales-export.zip",
            "{out}": "/data/run", "{n}": String(count), "{i}": "$(JOB_COMPLETION_INDEX)",
        ]
        var commands: [[String]] = []
        var steps: [String] = []
        for job in jobs {
            let metadata = try #require(job["metadata"] as? [String: Any])
            steps.append(try #require((metadata["labels"] as? [String: Any])?["airlock-step"] as? String))
            let template = try #require((job["spec"] as? [String: Any])?["template"] as? [String: Any])
            let pod = try #require(template["spec"] as? [String: Any])
            #expect(["Never", "OnFailure"].contains(pod["restartPolicy"] as? String), "a Job's pods restart Never or OnFailure")
            let volumes = try #require(pod["volumes"] as? [[String: Any]])
            #expect(volumes.allSatisfy { ($0["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String == claimName })
            let containers = try #require(pod["containers"] as? [[String: Any]])
            #expect(containers.count == 1)
            let container = try #require(containers.first)
            #expect(container["name"] is String && container["image"] is String)
            let command = try #require(container["command"] as? [String]) + (container["args"] as? [String] ?? [])
            // --name=value as two words, as the steps write them.
            commands.append(
                command.flatMap { word -> [String] in
                    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [word] }
                    return [String(word[..<equals]), String(word[word.index(after: equals)...])]
                })
        }
        #expect(
            steps == [
                "partition-split", "partition-read", "partition-join", "reference-flows", "convert", "merge-sales", "merge-fo",
                "merge-deflate", "merge-batches", "merge",
            ],
            "the apply steps' labels, in order")
        let expected = try Self.steps().map { line in
            line.map { word in bound.reduce(word) { $0.replacingOccurrences(of: $1.key, with: $1.value) } }
        }
        #expect(commands == expected)
    }
}
