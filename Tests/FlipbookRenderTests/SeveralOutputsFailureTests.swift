import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A different picture of noise in each frame: x264 at CRF 0 cannot compress it, so each 320×180
/// frame is about 80 kB, more than a 64 kB disk holds.
private struct NoiseFrames: Scene {
    let frames: [Bitmap]

    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let index = min(frames.count - 1, max(0, Int((time * 30).rounded())))
        context.draw(Image(bitmap: frames[index]), in: CGRect(origin: .zero, size: size))
    }
}

/// Each output's encoder runs on a thread of its own; one that fails must stop the others with its
/// own error, and leave every destination as it was.
@Suite("Several outputs: one output's failure", .serialized,
       .enabled(if: TinyDisk.isAvailable, Comment(rawValue: TinyDisk.skipMessage)))
struct SeveralOutputsFailureTests {
    @Test("an MP4 on a full disk stops another MP4 and a WebM with its error: no file written, none half-written")
    func fullDiskStopsTheOthers() throws {
        let disk = try TinyDisk(kilobytes: 64)
        defer { disk.unmount() }
        let scratch = try TemporaryDirectory("full-disk")
        let full = disk.directory.appendingPathComponent("a.mp4")
        let others = ["b.mp4", "c.webm"].map(scratch.file)
        for url in [full] + others { try Data("earlier \(url.lastPathComponent)".utf8).write(to: url) }
        let frames = try (0..<30).map { try noiseBitmap(width: 320, height: 180, seed: UInt64($0)) }
        let timeline = try Timeline(size: CGSize(width: 320, height: 180), fps: 30, duration: 1,
                                    layers: [Timeline.Layer(NoiseFrames(frames: frames))])
        var options = VideoOptions()
        options.crf = 0
        let error = expectFlipbookError { try render(timeline, to: [full] + others, options: options, workers: 2) }
        #expect(error?.kind == .diskFull, "\(String(describing: error))")
        #expect(error?.message == "Cannot write MP4 to \(full.path): the disk is full (No space left on device).")
        for url in [full] + others {
            #expect(try Data(contentsOf: url) == Data("earlier \(url.lastPathComponent)".utf8), "\(url.lastPathComponent)")
        }
        #expect(disk.partialFiles.isEmpty, "left behind: \(disk.partialFiles)")
        #expect(scratch.contents == ["b.mp4", "c.webm"])
    }
}
