import Flipbook
@testable import FlipbookServe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The `flipbook-serve` program this package builds.
let serveProgram = repositoryRoot.appendingPathComponent("Studio/.build/debug/flipbook-serve")

/// A crash during a render: the journal brings the job back and it ends with the same bytes.
@Suite("flipbook serve after kill -9")
struct RestartTests {
    /// Starts `flipbook-serve` on a free port with `data`; returns the process and its base URL.
    static func start(data: URL) throws -> (Process, URL) {
        let process = Process()
        process.executableURL = serveProgram
        process.arguments = ["--port", "0", "--data", data.path, "--jobs", "1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "http://[^ ]*/v1", options: .regularExpression) else {
            process.terminate()
            throw ServeError(status: 500, "flipbook-serve printed no URL: \(text)")
        }
        return (process, URL(string: String(text[range].dropLast(3)))!)
    }

    static func get(_ url: URL) async throws -> [String: Any] {
        let (data, _) = try await URLSession.shared.data(from: url)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    @Test("kill -9 while rendering; a restart re-queues the job and finishes it with flipbook render's bytes",
          .enabled(if: FileManager.default.isExecutableFile(atPath: serveProgram.path), "flipbook-serve is not built (make serve)"))
    func restartFinishesTheJob() async throws {
        let folder = try ScratchFolder("serve-restart")
        let data = folder.file("data")
        let scene = smallScene(seconds: 60)
        let settings = ["size": "256x192"]
        var (process, base) = try Self.start(data: data)
        var request = URLRequest(url: base.appendingPathComponent("v1/renders"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: ["scene": scene, "settings": settings])
        let (body, _) = try await URLSession.shared.data(for: request)
        let id = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String, "\(String(decoding: body, as: UTF8.self))")
        let job = base.appendingPathComponent("v1/renders/\(id)")
        var before: [String: Any] = [:]
        // Until it has encoded some frames (on a busy machine that can take a while), then killed.
        for _ in 0..<1200 {
            before = try await Self.get(job)
            if let frames = before["framesEncoded"] as? Int, frames > 10 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process.processIdentifier, SIGKILL)
        // Killed mid-render: running, some frames encoded, not all.
        #expect(before["status"] as? String == "running" && (before["framesEncoded"] as? Int ?? 0) < 600, "\(before)")
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        (process, base) = try Self.start(data: data)
        defer { process.terminate() }
        var status = ""
        for _ in 0..<1200 where status != "done" && status != "failed" {
            status = try await Self.get(base.appendingPathComponent("v1/renders/\(id)"))["status"] as? String ?? ""
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(status == "done")
        let (served, _) = try await URLSession.shared.data(from: base.appendingPathComponent("v1/renders/\(id)/file"))
        let sceneFile = folder.file("scene.json")
        try JSONSerialization.data(withJSONObject: scene).write(to: sceneFile)
        var expected = RenderRequest(scene: SceneRequest(scene: sceneFile.path), output: folder.file("cli.mp4").path)
        try expected.set(Settings.setting(forKey: "size")!, to: .text("256x192"))
        try expected.plan(expecting: .clip).run()
        #expect(served == (try Data(contentsOf: folder.file("cli.mp4"))))
        let left = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("files").path)
        #expect(left == ["\(id).mp4"], "\(left)")
    }
}
