import FlipbookDrawing
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo


/// A directory holding an existing "good" file at `out.mp4`, to check it survives failures.
private struct Scene {
    let scratch: TemporaryDirectory
    let directory: URL
    let output: URL
    let original = Data("a good file that must survive".utf8)

    init() throws {
        scratch = try TemporaryDirectory("video")
        directory = scratch.url
        output = directory.appendingPathComponent("out.mp4")
        try original.write(to: output)
    }

    func expectUntouched(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((try? Data(contentsOf: output)) == original, "the previous file was damaged",
                sourceLocation: sourceLocation)
        #expect(partialFiles(in: directory).isEmpty, "temporary files left: \(partialFiles(in: directory))",
                sourceLocation: sourceLocation)
    }

    /// Removes the directory now rather than when the last copy goes away.
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

    @Test("CRF outside H.264's 0–51: the widest range without a codec, H.264's once the MP4 picks it", arguments: [-1, 52, 100])
    func badCRF(crf: Int) throws {
        let scene = try Scene()
        defer { scene.remove() }
        let error = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: scene.output, width: 64, height: 64, fps: 30, options: VideoOptions(crf: crf))
        }
        let range = (0...63).contains(crf) ? "0 and 51 for H.264" : "0 and 63"
        #expect(error?.message == "crf must be between \(range); it is \(crf). \(Setting.crf.codecRangesText)")
        #expect(error?.location.keyPath == "crf")
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
        let empty = expectFlipbookError(.invalidInput) { try encoder.finish() }
        #expect(empty?.message == "Cannot write MP4 \(scene.output.path): no frames were appended, and an MP4 needs at least one.")
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

    /// Root ignores permission bits, so as root the directory is a read-only tmpfs mount instead,
    /// which needs what the full-disk tests need.
    @Test("read-only output directory",
          .enabled(if: geteuid() != 0 || TinyDisk.isAvailable, Comment(rawValue: TinyDisk.skipMessage)))
    func readOnlyDirectory() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let locked = scene.directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        let readOnly: Bool
        if geteuid() == 0 {
            readOnly = run("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", locked.path])
        } else {
            readOnly = chmod(locked.path, 0o555) == 0
        }
        defer {
            if geteuid() == 0 { _ = run("/bin/umount", [locked.path]) } else { chmod(locked.path, 0o755) }
        }
        try #require(readOnly, "could not make \(locked.path) read-only")
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
        let error = expectFlipbookError(.diskFull) {
            let encoder = try VideoEncoder(url: scene.output, width: 160, height: 96, fps: 30,
                                           options: VideoOptions(crf: 10), failAfterBytes: failAfter)
            for i in 0..<40 { try encoder.append(try testPattern(width: 160, height: 96, frame: i)) }
            try encoder.finish()
        }
        #expect(error?.message.contains("the disk is full (No space left on device)") == true, "\(String(describing: error))")
        #expect(error?.message.contains(scene.output.path) == true)
        scene.expectUntouched()
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
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("done.mp4")
        let encoder = try VideoEncoder(url: url, width: 64, height: 64, fps: 30)
        try encoder.append(try testPattern(width: 64, height: 64, frame: 0))
        try encoder.finish()
        try encoder.finish()
        let error = expectFlipbookError(.invalidInput) { try encoder.append(try testPattern(width: 64, height: 64, frame: 1)) }
        #expect(error?.message.contains("already finished") == true)
        #expect(try decodeVideo(url, keepFrames: false).frameCount == 1)
    }

    /// Colours are written as 8-bit hex, so the background is one that 8 bits hold exactly.
    @Test("options round-trip through Codable")
    func codable() throws {
        let options = try VideoOptions(crf: 18, preset: "veryfast", faststart: false, keyframeInterval: nil,
                                   background: Color(hex: "#336699")!, encoderThreads: 2)
        let data = try JSONEncoder().encode(options)
        #expect(try JSONDecoder().decode(VideoOptions.self, from: data) == options)
        #expect(try JSONDecoder().decode(VideoOptions.self, from: Data("{}".utf8)) == VideoOptions())
    }
}

/// Runs a program and reports whether it exited with status 0.
private func run(_ path: String, _ arguments: [String]) -> Bool {
    let run = try? runProcess(URL(fileURLWithPath: path), arguments)
    return run?.reason == .exit && run?.status == 0
}
