@testable import FlipbookAnimation
import FlipbookAudio
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// `"duration": "auto"`: the clip ends where its last layer ends, a video or audio layer lasting as
/// long as its trimmed media.
@Suite("A scene file's duration \"auto\" ends the clip with its last layer")
struct VideoDurationTests {
    func timeline(_ folder: TemporaryDirectory, layers: String) throws -> Timeline {
        let json = #"{"size": [64, 36], "fps": 30, "duration": "auto", "layers": [\#(layers)]}"#
        var file = try SceneFile.decode(Data(json.utf8), source: "test.json")
        file.baseDirectory = URL(fileURLWithPath: folder.url.path, isDirectory: true)
        #expect(file.durationIsAuto)
        return try file.makeTimeline()
    }

    @Test("A trimmed, sped-up or late video; a sound; a layer's own end; the last of them wins")
    func ends() throws {
        let folder = try TemporaryDirectory("video-auto")
        try FrameCodedClip.write(to: folder.file("clip.mp4"), fps: 30, frames: 120)
        let loop = packageFile("Fixtures/Audio/loop.wav").path
        let soundLength = try AudioFile.decode(contentsOf: URL(fileURLWithPath: loop)).duration
        let cases: [(String, Double)] = [
            (#"{"scene": "video", "src": "clip.mp4"}"#, 4),
            (#"{"scene": "video", "src": "clip.mp4", "trim": [0.5, 2.5], "start": 1}"#, 3),
            (#"{"scene": "video", "src": "clip.mp4", "speed": 2}"#, 2),
            // Rounded up to whole frames at 30 fps, so the sound's last sample is in the clip.
            (#"{"scene": "audio", "src": "\#(loop)", "start": 0.25}"#, ((0.25 + soundLength) * 30 - 1e-6).rounded(.up) / 30),
            (#"{"scene": "confetti"}, {"scene": "text", "text": "Hi", "end": 1.5}, {"scene": "video", "src": "clip.mp4", "trim": 3}"#, 1.5),
            (#"{"scene": "group", "start": 1, "layers": [{"scene": "video", "src": "clip.mp4", "trim": [1, 2]}]}"#, 2),
        ]
        for (layers, expected) in cases {
            let made = try timeline(folder, layers: layers)
            #expect(abs(made.duration - expected) < 1e-9, "\(layers): \(made.duration)")
        }
    }

    @Test("No layer ends: refused at duration; \"auto\" is written back as it was read")
    func nothingEnds() throws {
        let folder = try TemporaryDirectory("video-auto-none")
        try FrameCodedClip.write(to: folder.file("clip.mp4"), fps: 30, frames: 30)
        let error = expectFlipbookError(.invalidInput) {
            _ = try timeline(folder, layers: #"{"scene": "confetti"}, {"scene": "video", "src": "clip.mp4", "loop": true}"#)
        }
        #expect(error?.message == #"duration is "auto", but no layer ends: give a layer an end, or a video or audio layer that "#
            + "does not loop, or give the duration in seconds")
        let file = try SceneFile.decode(Data(#"{"duration": "auto"}"#.utf8), source: "test.json")
        let written = String(decoding: try file.jsonData(), as: UTF8.self)
        #expect(written.contains(#""duration": "auto""#), "\(written)")
    }
}
