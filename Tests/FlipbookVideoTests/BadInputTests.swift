import FlipbookDrawing
import Foundation
import Testing
@testable import FlipbookVideo

/// Runs `body`, which must throw a FlipbookError, and returns it.
private func expectFlipbookError(
    _ kind: FlipbookError.Kind? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> FlipbookError? {
    do {
        try body()
        Issue.record("expected a FlipbookError", sourceLocation: sourceLocation)
        return nil
    } catch let error as FlipbookError {
        if let kind { #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation) }
        return error
    } catch {
        Issue.record("expected a FlipbookError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A directory holding an existing "good" file at `out.mp4`, to check it survives failures.
private struct Scene {
    let directory: URL
    let output: URL
    let original = Data("a good file that must survive".utf8)

    init() throws {
        directory = try makeTemporaryDirectory()
        output = directory.appendingPathComponent("out.mp4")
        try original.write(to: output)
    }

    func expectUntouched(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((try? Data(contentsOf: output)) == original, "the previous file was damaged",
                sourceLocation: sourceLocation)
        #expect(partialFiles(in: directory).isEmpty, "temporary files left: \(partialFiles(in: directory))",
                sourceLocation: sourceLocation)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite("VideoEncoder: bad input")
struct BadInputTests {
    @Test("frame rate zero, negative, too high or not NTSC", arguments: [0, -1, -30, 1001, 12.5])
    func badFrameRate(fps: Double) throws {
        let scene = try Scene()
        defer { scene.remove() }
        let error = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: scene.output, width: 64, height: 64, fps: FrameRate(decimal: fps))
        }
        #expect(error?.message == "The frame rate \(FrameRate.requirement); it is \(FrameRate(decimal: fps)).")
        #expect(partialFiles(in: scene.directory).isEmpty)
        scene.expectUntouched()
    }

    @Test("CRF outside 0–51", arguments: [-1, 52, 100])
    func badCRF(crf: Int) throws {
        let scene = try Scene()
        defer { scene.remove() }
        let error = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: scene.output, width: 64, height: 64, fps: 30, options: VideoOptions(crf: crf))
        }
        // Named by its parameter, as every reader of options places it (FlipbookCore's validation).
        #expect(error?.message.contains("crf") == true)
        scene.expectUntouched()
    }

    @Test("unknown preset")
    func badPreset() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let error = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: scene.output, width: 64, height: 64, fps: 30,
                                 options: VideoOptions(preset: "warpspeed"))
        }
        #expect(error?.message.contains("warpspeed") == true)
        #expect(error?.message.contains("veryfast") == true)
        scene.expectUntouched()
    }

    @Test("zero or negative size", arguments: [(0, 64), (64, 0), (-2, 10)])
    func badSize(size: (Int, Int)) throws {
        let scene = try Scene()
        defer { scene.remove() }
        let error = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: scene.output, width: size.0, height: size.1, fps: 30)
        }
        #expect(error?.message.contains("size") == true)
        scene.expectUntouched()
    }

    @Test("a frame of the wrong size")
    func wrongFrameSize() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let encoder = try VideoEncoder(url: scene.output, width: 64, height: 64, fps: 30)
        let error = expectFlipbookError(.invalidInput) { try encoder.append(try Bitmap(width: 32, height: 32)) }
        #expect(error?.message.contains("32×32") == true)
        _ = expectFlipbookError { try encoder.finish() }  // no frames
        scene.expectUntouched()
    }

    @Test("missing output directory")
    func missingDirectory() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let url = scene.directory.appendingPathComponent("no/such/dir/out.mp4")
        let error = expectFlipbookError(.file) { _ = try VideoEncoder(url: url, width: 64, height: 64, fps: 30) }
        #expect(error?.message.contains("does not exist") == true)
    }

    @Test("output path under a regular file (not a directory)")
    func notADirectory() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let url = scene.output.appendingPathComponent("inside.mp4")
        let error = expectFlipbookError(.file) { _ = try VideoEncoder(url: url, width: 64, height: 64, fps: 30) }
        #expect(error?.message.contains("not a directory") == true)
        scene.expectUntouched()
    }

    @Test("read-only output directory")
    func readOnlyDirectory() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let locked = scene.directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        // Root ignores permission bits, so as root make the directory a read-only mount instead.
        let readOnly: Bool
        if geteuid() == 0 {
            readOnly = run("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", locked.path])
        } else {
            readOnly = chmod(locked.path, 0o555) == 0
        }
        defer {
            if geteuid() == 0 { _ = run("/bin/umount", [locked.path]) } else { chmod(locked.path, 0o755) }
        }
        guard readOnly else {
            print("skipping the read-only directory test: cannot make a read-only directory here")
            return
        }
        let url = locked.appendingPathComponent("out.mp4")
        let error = expectFlipbookError(.file) { _ = try VideoEncoder(url: url, width: 64, height: 64, fps: 30) }
        #expect(error?.message.contains("not writable") == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("a write failure part-way (injected) keeps the previous file and leaves no temporary file",
          arguments: [Int64(0), 2_000, 20_000])
    func injectedWriteFailure(failAfter: Int64) throws {
        let scene = try Scene()
        defer { scene.remove() }
        // A full disk is its own kind of error, wherever the write fails.
        let error = expectFlipbookError(.diskFull) {
            let encoder = try VideoEncoder(url: scene.output, width: 160, height: 96, fps: 30,
                                           options: VideoOptions(crf: 10), failAfterBytes: failAfter)
            for i in 0..<40 { try encoder.append(try testPattern(width: 160, height: 96, frame: i)) }
            try encoder.finish()
        }
        #expect(error?.message.contains("No space left on device") == true, "\(String(describing: error))")
        #expect(error?.message.contains(scene.output.path) == true)
        scene.expectUntouched()
    }

    @Test("a full disk part-way (a tiny tmpfs) keeps the previous file and leaves no temporary file")
    func fullDisk() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let mountPoint = scene.directory.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard geteuid() == 0, run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path]) else {
            print("skipping the full-disk test: mounting a tmpfs is not permitted here")
            return
        }
        defer { _ = run("/bin/umount", [mountPoint.path]) }
        let output = mountPoint.appendingPathComponent("out.mp4")
        try scene.original.write(to: output)
        let error = expectFlipbookError(.diskFull) {
            // Noise at CRF 0 does not compress: each frame is ~80 kB, more than the whole disk.
            let encoder = try VideoEncoder(url: output, width: 320, height: 180, fps: 30, options: VideoOptions(crf: 0))
            var state: UInt32 = 1
            for _ in 0..<30 {
                var noise = try Bitmap(width: 320, height: 180)
                try fill(&noise) { _, _ in
                    state = state &* 1_664_525 &+ 1_013_904_223
                    return (UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 16),
                            UInt8(truncatingIfNeeded: state >> 8), 255)
                }
                try encoder.append(noise)
            }
            try encoder.finish()
        }
        #expect(error?.message.contains("No space left on device") == true, "\(String(describing: error))")
        #expect((try? Data(contentsOf: output)) == scene.original)
        #expect(partialFiles(in: mountPoint).isEmpty)
    }

    @Test("an encoder dropped without finish() removes its temporary file")
    func abandoned() throws {
        let scene = try Scene()
        defer { scene.remove() }
        do {
            let encoder = try VideoEncoder(url: scene.output, width: 64, height: 64, fps: 30)
            try encoder.append(try testPattern(width: 64, height: 64, frame: 0))
            #expect(partialFiles(in: scene.directory).count == 1)
        }
        scene.expectUntouched()
    }

    @Test("append after finish is refused; finish twice is harmless")
    func afterFinish() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("done.mp4")
        let encoder = try VideoEncoder(url: url, width: 64, height: 64, fps: 30)
        try encoder.append(try testPattern(width: 64, height: 64, frame: 0))
        try encoder.finish()
        try encoder.finish()
        let error = expectFlipbookError(.invalidInput) { try encoder.append(try testPattern(width: 64, height: 64, frame: 1)) }
        #expect(error?.message.contains("already finished") == true)
        #expect(try decodeVideo(url, keepFrames: false).frameCount == 1)
    }

    @Test("options round-trip through Codable")
    func codable() throws {
        let options = try VideoOptions(crf: 18, preset: "veryfast", faststart: false, keyframeInterval: nil,
                                   background: Color(hex: "#1a334d")!, encoderThreads: 2)
        let data = try JSONEncoder().encode(options)
        #expect(try JSONDecoder().decode(VideoOptions.self, from: data) == options)
        #expect(try JSONDecoder().decode(VideoOptions.self, from: Data("{}".utf8)) == VideoOptions())
    }
}

/// Runs a program and reports whether it exited with status 0.
private func run(_ path: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    do {
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    } catch {
        return false
    }
}
