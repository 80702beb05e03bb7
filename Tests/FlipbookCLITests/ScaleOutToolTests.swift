import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Runs `flipbook` with exactly `environment` (plus nothing inherited), as a job array's task would.
private func runTool(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> ToolRun {
    try Tool.run(arguments, in: directory, environment: environment)
}

@Suite("Scale-out on the command line")
struct ScaleOutToolTests {
    @Test("render --chunk K/N with {chunk}, then concat --chunks N, gives the whole clip")
    func chunksAndConcat() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("small.json", smallScene)
        for index in 1...3 {
            let run = try runTool(["render", scene, "-o", scratch.path("part-{chunk}.mp4"), "--chunk", "\(index)/3"])
            #expect(run.status == 0, "stderr: \(run.error)")
        }
        let join = try runTool(["concat", scratch.path("part-{chunk}.mp4"), "--chunks", "3", "-o", scratch.path("clip.mp4")])
        #expect(join.status == 0, "stderr: \(join.error)")
        #expect(join.output == "Joined 3 chunks into \(scratch.path("clip.mp4")) (5 frames, 0.50 s)\n")
        #expect(join.error.isEmpty, "\(join.error)")
        let clip = try decodeClip(scratch.file("clip.mp4"))
        #expect(clip.frameTimes.enumerated().allSatisfy { abs($0.element - Double($0.offset) / 10) < 1e-9 },
                "\(clip.frameTimes)")
        #expect(clip.frameCount == 5)
        #expect(scratch.contents == ["clip.mp4", "part-1.mp4", "part-2.mp4", "part-3.mp4", "small.json"])
    }

    @Test("--chunk auto/auto reads a Slurm array's variables; {chunk} is padded to N's width")
    func slurmArray() throws {
        let scratch = try TemporaryDirectory.cli()
        let slurm = ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "10"]
        let longer = try scratch.write("longer.json", smallScene.replacingOccurrences(of: "\"duration\": 0.5", with: "\"duration\": 1.2"))
        let run = try runTool(["render", longer, "-o", scratch.path("part-{chunk}.mp4"), "--chunk", "auto/auto"],
                              environment: slurm)
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(run.output.contains("frames 0-0: 1 frames"), "\(run.output)")
        #expect(scratch.contents == ["longer.json", "part-01.mp4"])
    }

    @Test("--chunk auto outside a job array exits 2 naming the variables")
    func noJobArray() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("small.json", smallScene)
        let run = try runTool(["render", scene, "-o", scratch.path("p-{chunk}.mp4"), "--chunk", "auto/4"])
        #expect(run.status == 2)
        #expect(run.error == "error: --chunk auto/4 takes K from a job array, but neither SLURM_ARRAY_TASK_ID (with "
            + "SLURM_ARRAY_TASK_MIN) nor JOB_COMPLETION_INDEX is set; run it as a Slurm array or Kubernetes Indexed "
            + "Job task, or give K.\n")
        #expect(scratch.contents == ["small.json"])
        let both = try runTool(["render", scene, "-o", scratch.path("p.mp4"), "--chunk", "1/2", "--frames", "0-1"])
        #expect(both.status == 2)
        #expect(both.error.contains("--chunk and --frames cannot be used together"), "\(both.error)")
    }

    @Test("concat with a chunk missing exits 2, names it, and writes nothing")
    func missingChunk() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("small.json", smallScene)
        for index in [1, 3] {
            let run = try runTool(["render", scene, "-o", scratch.path("part-{chunk}.mp4"), "--chunk", "\(index)/3"])
            #expect(run.status == 0, "stderr: \(run.error)")
        }
        let join = try runTool(["concat", scratch.path("part-{chunk}.mp4"), "--chunks", "3", "-o", scratch.path("clip.mp4")])
        #expect(join.status == 2)
        #expect(join.error == "error: Cannot join \(scratch.path("clip.mp4")): \(scratch.path("part-2.mp4")) does not exist.\n")
        #expect(scratch.contents == ["part-1.mp4", "part-3.mp4", "small.json"])
    }

    @Test("batch --shard K/N runs every N-th job from the K-th; the shards together run each job once")
    func batchShards() throws {
        let scratch = try TemporaryDirectory.cli()
        _ = try scratch.write("small.json", smallScene)
        let jobs = try scratch.write("jobs.json", """
            {"jobs": [
              {"scene": "small.json", "output": "a.png", "time": 0.1},
              {"scene": "small.json", "output": "b.png", "time": 0.2},
              {"scene": "small.json", "output": "c.png", "time": 0.3}
            ]}
            """)
        let first = try runTool(["batch", jobs, "--shard", "1/2", "--quiet"])
        #expect(first.status == 0, "stderr: \(first.error)")
        #expect(first.output.contains("2 succeeded, 0 failed"), "\(first.output)")
        #expect(scratch.contents == ["a.png", "c.png", "jobs.json", "small.json"])
        let second = try runTool(["batch", jobs, "--shard", "auto/2", "--quiet"], environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(second.status == 0, "stderr: \(second.error)")
        #expect(second.output.contains("#2 b.png"), "\(second.output)")
        #expect(scratch.contents == ["a.png", "b.png", "c.png", "jobs.json", "small.json"])
        let bad = try runTool(["batch", jobs, "--shard", "3/2"])
        #expect(bad.status == 2)
        #expect(bad.error == "error: --shard must be a shard from 1 to 2 (counted from 1); it is 3/2.\n")
    }
}
