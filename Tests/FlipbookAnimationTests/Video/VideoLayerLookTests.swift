@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import FlipbookVideo
import Foundation
import Testing

/// How a video layer's picture looks: turned by its display matrix, its colour matrix and range
/// honoured, its alpha kept.
@Suite("Video layers turn, colour and keep alpha as players do")
struct VideoLayerLookTests {
    /// The frame at `time` of a scene file in `folder` with one video layer `layer` (its JSON members).
    func frame(_ folder: TemporaryDirectory, canvas: (Int, Int), background: String, layer: String, time: Double = 0.1) throws -> Bitmap {
        let json = #"{"size": [\#(canvas.0), \#(canvas.1)], "scale": 1, "fps": 30, "duration": 1, "background": "\#(background)", "layers": [{"scene": "video", \#(layer)}]}"#
        var file = try SceneFile.decode(Data(json.utf8), source: "test.json")
        file.baseDirectory = URL(fileURLWithPath: folder.url.path, isDirectory: true)
        let timeline = try file.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: time, into: &bitmap)
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    /// A 64 × 36 white picture with a red 16 × 12 block in its top-left corner.
    static func marked() throws -> Bitmap {
        var bitmap = try Bitmap(width: 64, height: 36)
        bitmap.draw(background: .white) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 16, height: 12)), with: .color(.red))
        }
        return bitmap
    }

    @Test("A phone clip tagged with a 90° display matrix lands upright: 36 × 64, turned as ffmpeg turns it")
    func rotated() throws {
        let folder = try TemporaryDirectory("video-rotated")
        let plain = folder.file("plain.mp4")
        let encoder = try VideoEncoder(url: plain, width: 64, height: 36, fps: 30)
        for _ in 0..<10 { try Self.marked().withFramePixels { try encoder.append($0) } }
        try encoder.finish()
        _ = try ffmpegTool("ffmpeg", ["-i", plain.path, "-c", "copy", "-metadata:s:v:0", "rotate=90", folder.path("phone.mp4")])
        let source = try VideoSource(contentsOf: folder.file("phone.mp4"))
        #expect(source.displaySize == CGSize(width: 36, height: 64))
        let b = try frame(folder, canvas: (36, 64), background: "black", layer: #""src": "phone.mp4""#)
        // ffmpeg reads the tag as 90° counter-clockwise: the top-left corner goes to the bottom-left.
        #expect(near(b.pixel(x: 4, y: 59), .red, 0.1))
        #expect(near(b.pixel(x: 31, y: 4), .white, 0.05) && near(b.pixel(x: 4, y: 4), .white, 0.05))
        #expect(near(b.pixel(x: 31, y: 59), .white, 0.05))
    }

    @Test("BT.601 limited range and BT.709 full range sources both decode to the colour they were made from",
          arguments: [("bt601", "tv", "smpte170m"), ("bt709", "pc", "bt709")])
    func colourMatrices(_ matrix: String, _ range: String, _ tag: String) throws {
        let folder = try TemporaryDirectory("video-colour")
        _ = try ffmpegTool("ffmpeg", ["-f", "lavfi", "-i", "color=c=0xC83C28:s=64x36:r=10:d=1",
                                      "-vf", "scale=out_color_matrix=\(matrix):out_range=\(range)", "-colorspace", tag,
                                      "-color_range", range, "-pix_fmt", "yuv420p", "-c:v", "libx264", "-crf", "0",
                                      folder.path("colour.mp4")])
        let b = try frame(folder, canvas: (64, 36), background: "black", layer: #""src": "colour.mp4""#)
        let c = b.pixel(x: 32, y: 18)
        let expected = Color(red: 200 / 255, green: 60 / 255, blue: 40 / 255)
        #expect(near(c, expected, 2.5 / 255), "\(matrix) \(range): \(c)")
    }

    @Test("Alpha sources stay transparent over a blue background: VP9 in WebM, ProRes 4444, PNG and QuickTime Animation in MOV",
          arguments: ["alpha.webm", "alpha.mov", "png.mov", "qtrle.mov"])
    func alpha(_ name: String) throws {
        let folder = try TemporaryDirectory("video-alpha")
        var picture = try Bitmap(width: 64, height: 36)
        picture.draw { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 36)), with: .color(.red)) }
        for (file, codec) in [("alpha.webm", VideoCodec.vp9), ("alpha.mov", .prores)] where file == name || name.hasSuffix(".mov") && file == "alpha.webm" {
            let encoder = try VideoEncoder(url: folder.file(file), width: 64, height: 36, fps: 30,
                                           options: VideoOptions(codec: codec, alpha: true))
            for _ in 0..<6 { try picture.withFramePixels { try encoder.append($0) } }
            try encoder.finish()
        }
        if name == "png.mov" || name == "qtrle.mov" {
            let codec = name == "png.mov" ? ["-c:v", "png"] : ["-c:v", "qtrle", "-pix_fmt", "argb"]
            _ = try ffmpegTool("ffmpeg", ["-c:v", "libvpx-vp9", "-i", folder.path("alpha.webm")] + codec + [folder.path(name)])
        }
        let b = try frame(folder, canvas: (64, 36), background: "blue", layer: #""src": "\#(name)""#)
        // Untagged small ProRes is read as BT.601, as players guess; the point here is the alpha.
        #expect(near(b.pixel(x: 8, y: 18), .red, 0.1), "\(name): \(b.pixel(x: 8, y: 18))")
        #expect(near(b.pixel(x: 56, y: 18), .blue, 0.04), "\(name): \(b.pixel(x: 56, y: 18))")
    }
}
