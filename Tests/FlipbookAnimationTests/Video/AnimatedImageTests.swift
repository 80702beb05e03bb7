@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import FlipbookVideo
import Foundation
import Testing

/// Image layers play animated GIFs, APNGs and WebPs frame-exact, as many times as the file says unless
/// `loop` says otherwise.
@Suite("Image layers play animated GIF, APNG and WebP")
struct AnimatedImageTests {
    /// The numbers shown by each frame of a 25 fps, 3-second timeline with one image layer.
    func shown(_ folder: TemporaryDirectory, _ name: String, loop: String = "") throws -> [Int?] {
        let json = #"{"size": [64, 36], "scale": 1, "fps": 25, "duration": 3, "background": "black", "layers": [{"scene": "image", "src": "\#(name)", "size": [64, 36], "fit": "fill"\#(loop)}]}"#
        var file = try SceneFile.decode(Data(json.utf8), source: "test.json")
        file.baseDirectory = URL(fileURLWithPath: folder.url.path, isDirectory: true)
        let timeline = try file.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        return (0..<timeline.frameCount).map { frame in
            timeline.draw(frame: frame, into: &bitmap)
            return bitmap.drawingIssue == nil ? FrameCodedClip.number(in: bitmap) : nil
        }
    }

    @Test("20 numbered frames at 10 fps, looping as written: frame n shows ⌊10 n / 25⌋ mod 20; loop false holds the last",
          arguments: ["numbers.gif", "numbers.apng", "numbers.webp"])
    func plays(_ name: String) throws {
        let folder = try TemporaryDirectory("animated")
        try FrameCodedClip.write(to: folder.file(name), fps: 10, frames: 20)
        let data = try Data(contentsOf: folder.file(name))
        if name.hasSuffix(".webp") {
            let webp = try WebPAnimation(data: data, path: name)
            #expect(WebPAnimation.isAnimated(data) && webp.plays == nil && webp.length == ExactTime(2, 1))
        } else {
            let scan = AnimatedImageFile.scan(data)
            #expect(scan?.frameCount == 20 && scan?.plays == nil)
        }
        #expect(try shown(folder, name) == (0..<75).map { 10 * $0 / 25 % 20 })
        #expect(try shown(folder, name, loop: #", "loop": false"#) == (0..<75).map { min(19, 10 * $0 / 25) })
    }

    @Test("A GIF written to play twice plays twice, then holds its last frame; loop true plays it on")
    func playsTwice() throws {
        let folder = try TemporaryDirectory("animated-twice")
        try FrameCodedClip.write(to: folder.file("twice.gif"), fps: 10, frames: 10, options: try VideoOptions(loop: 1))
        #expect(AnimatedImageFile.scan(try Data(contentsOf: folder.file("twice.gif")))?.plays == 2)
        #expect(try shown(folder, "twice.gif") == (0..<75).map { $0 < 50 ? 10 * $0 / 25 % 10 : 9 })
        #expect(try shown(folder, "twice.gif", loop: #", "loop": true"#) == (0..<75).map { 10 * $0 / 25 % 10 })
    }
}
