@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import FlipbookVideo
import Foundation
import Testing

/// Video files are untrusted input: each kind of bad one is refused before any frame, naming the
/// file and the key; a stream damaged in the middle stops the render naming the file and the time.
@Suite("Bad video input is refused with the file and the key")
struct VideoBadInputTests {
    /// The error making a timeline of one video layer `layer` (its JSON members) in `folder` gives.
    func error(_ folder: TemporaryDirectory, _ layer: String) -> FlipbookError? {
        expectFlipbookError(.invalidInput) {
            let json = #"{"size": [64, 36], "layers": [{"scene": "video", \#(layer)}]}"#
            var file = try SceneFile.decode(Data(json.utf8), source: "test.json")
            file.baseDirectory = URL(fileURLWithPath: folder.url.path, isDirectory: true)
            _ = try file.makeTimeline()
        }
    }

    @Test("Missing, not a video, no video stream, another codec, HDR, too large; a trim outside it, a speed of 0")
    func refused() throws {
        let folder = try TemporaryDirectory("video-bad")
        try FrameCodedClip.write(to: folder.file("clip.mp4"), fps: 30, frames: 30)
        try Data("not a video".utf8).write(to: folder.file("junk.mp4"))
        _ = try ffmpegTool("ffmpeg", ["-f", "lavfi", "-i", "sine=d=0.2", "-c:a", "aac", folder.path("sound.m4a")])
        _ = try ffmpegTool("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=s=64x36:r=10:d=0.3", "-c:v", "msmpeg4", folder.path("old.avi")])
        _ = try ffmpegTool("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=s=64x36:r=10:d=0.3", "-c:v", "libx264", "-color_trc", "arib-std-b67",
                                      "-color_primaries", "bt2020", "-colorspace", "bt2020nc", folder.path("hlg.mp4")])
        _ = try ffmpegTool("ffmpeg", ["-f", "lavfi", "-i", "color=s=8200x16:r=5:d=0.2", "-c:v", "ffv1", folder.path("wide.mkv")])
        let at = folder.url.path + "/"
        let cases: [(String, String)] = [
            (#""src": "none.mp4""#, "layers[0].src names \(at)none.mp4, which does not exist."),
            (#""src": "junk.mp4""#, "layers[0].src names \(at)junk.mp4, which is not a video file Flipbook reads (MP4, MOV, MKV, "
                + "WebM, AVI, GIF or APNG): Invalid data found when processing input."),
            (#""src": "sound.m4a""#, "layers[0].src names \(at)sound.m4a, which has no video stream."),
            (#""src": "old.avi""#, "layers[0].src names \(at)old.avi, which holds video in a codec Flipbook does not decode (msmpeg4; "
                + "it reads \(VideoFile.codecNames))."),
            (#""src": "hlg.mp4""#, "layers[0].src names \(at)hlg.mp4, which is HDR video (HLG transfer); Flipbook draws SDR video "
                + "(BT.601 or BT.709) and refuses HDR rather than show it washed out: convert it to SDR first, or ask for tone "
                + #"mapping ("toneMap": "hable" or "reinhard")."#),
            (#""src": "wide.mkv""#, "layers[0].src names \(at)wide.mkv, which has frames of 8200×16 pixels; Flipbook decodes at most "
                + "8192 pixels a side and 7680×4320 pixels in all."),
            (#""src": "clip.mp4", "trim": [1.5, 2]"#, "layers[0].trim must be inside the file, which lasts 1 s, with the out point "
                + "after the in point; it is [1.5, 2]."),
            (#""src": "clip.mp4", "trim": [0.5, 0.25]"#, "layers[0].trim must be a range [low, high] with low ≤ high; it is [0.5, 0.25]."),
            (#""src": "clip.mp4", "speed": 0"#, "layers[0].speed must be greater than 0 and at most 100; it is 0."),
            (#""src": "clip.mp4", "speed": -1"#, "layers[0].speed must be greater than 0 and at most 100; it is -1."),
        ]
        for (layer, message) in cases {
            let found = error(folder, layer)
            #expect(found?.message == message, "\(layer)")
            #expect(found?.location.keyPath?.hasPrefix("layers[0].") == true, "\(layer)")
        }
    }

    @Test("A stream damaged in the middle: the frames before it draw, the first after fails naming the file and the time")
    func damaged() throws {
        let folder = try TemporaryDirectory("video-damaged")
        let clean = folder.file("clean.mp4"), damaged = folder.file("damaged.mp4")
        try FrameCodedClip.write(to: clean, fps: 30, frames: 120, options: try VideoOptions(keyframeInterval: 1))
        try FrameCodedClip.damaged(Data(contentsOf: clean)).write(to: damaged)
        let scene = try VideoScene(contentsOf: damaged)
        let timeline = try Timeline(size: CGSize(width: 64, height: 36), fps: 30, duration: 4, layers: [Timeline.Layer(scene)])
        var bitmap = try timeline.makeBitmap()
        timeline.draw(frame: 5, into: &bitmap)
        #expect(bitmap.drawingIssue == nil)
        #expect(FrameCodedClip.number(in: bitmap) == 5)
        var failure: FlipbookError?
        for frame in 6..<120 where failure == nil {
            timeline.draw(frame: frame, into: &bitmap)
            failure = bitmap.drawingIssue
        }
        #expect(failure?.kind == .codec)
        #expect(failure?.message.hasPrefix("The video file \(damaged.path) could not be decoded at ") == true, "\(String(describing: failure))")
    }
}
