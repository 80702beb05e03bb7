import Flipbook
@testable import FlipbookServe
import Foundation
import Testing

/// Jobs start at most `--jobs` at once and only while their estimated memory fits `--memory`.
@Suite("flipbook serve admits jobs under a memory budget")
struct MemoryAdmissionTests {
    @Test("the budget and the job count both bound what starts")
    func admission() {
        var admission = MemoryAdmission(jobs: 3, budget: 1000)
        #expect(admission.admits(600))
        admission.start("a", estimate: 600)
        #expect(admission.admits(400) && !admission.admits(401))
        admission.start("b", estimate: 400)
        #expect(admission.inUse == 1000 && !admission.admits(1))
        admission.finish("a")
        #expect(admission.admits(600) && !admission.admits(601))
        // Alone, a job larger than the whole budget runs.
        admission.finish("b")
        #expect(admission.admits(5000))
        var many = MemoryAdmission(jobs: 2, budget: .max)
        many.start("a", estimate: .max)
        #expect(many.inUse == .max && !many.admits(1))
        many = MemoryAdmission(jobs: 2, budget: .max)
        many.start("a", estimate: 1)
        many.start("b", estimate: 1)
        #expect(!many.admits(1))
    }

    @Test("a plan's estimate: 64 MiB, its encoder at its size and lookahead, three frames per drawing thread")
    func estimate() throws {
        let folder = try ScratchFolder("serve-estimate")
        let scene = folder.file("scene.json")
        try JSONSerialization.data(withJSONObject: smallScene()).write(to: scene)
        let plan = try RenderRequest(scene: SceneRequest(scene: scene.path), output: folder.file("out.mp4").path).plan(expecting: .clip)
        let lookahead = try #require(plan.options?.resolvedLookahead)
        let frame = 64 * 48 * 4
        #expect(plan.estimatedPeakMemory(workers: 2) == (64 << 20) + frame * (lookahead + 10) + 2 * 3 * frame)
        #expect(plan.estimatedPeakMemory(workers: 4) - plan.estimatedPeakMemory(workers: 2) == 2 * 3 * frame)
    }

    @Test("with --jobs 2 and room for one small job, two jobs run one after the other")
    func oneAtATime() async throws {
        let folder = try ScratchFolder("serve-budget")
        try JSONSerialization.data(withJSONObject: smallScene()).write(to: folder.file("scene.json"))
        let estimate = try RenderRequest(scene: SceneRequest(scene: folder.file("scene.json").path),
                                         output: folder.file("out.mp4").path).plan(expecting: .clip).estimatedPeakMemory()
        try await ServeHarness.running(jobs: 2, memoryBudget: estimate * 3 / 2) { serve in
            // Both posted at once, each 200 frames: the second is queued long before the first ends,
            // however slow the machine is at answering the second request.
            let replies = try await withThrowingTaskGroup(of: ServeHarness.Reply.self) { group in
                for seconds in [20.0, 20.1] { group.addTask { try await serve.post(["scene": smallScene(seconds: seconds)]) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.allSatisfy { $0.status == 202 }, "\(replies.map(\.text))")
            let ids = replies.compactMap { $0.json?["id"] as? String }
            #expect(ids.count == 2)
            let service = try #require(serve.service)
            // Never two at once, though --jobs allows two: the counts as polled, and below the journal's
            // times, which do not depend on the poll catching a job while it runs.
            var mostRunning = 0
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                let counts = service.counts()
                mostRunning = max(mostRunning, counts.running)
                if counts.running + counts.waiting == 0 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(mostRunning <= 1)
            for id in ids { #expect(try await serve.events(id).last?.0 == "done") }
            let records = try ids.map { try #require(try service.journal.job($0)) }
            let first = try #require(records.min { ($0.started ?? 0) < ($1.started ?? 0) })
            let second = try #require(records.max { ($0.started ?? 0) < ($1.started ?? 0) })
            #expect(try #require(second.started) >= #require(first.finished), "the second started before the first finished")
            // It waited: it was queued before the first finished.
            #expect(try second.created < #require(first.finished), "the first finished before the second was queued")
            #expect(await service.memoryInUse == 0)
        }
    }
}
