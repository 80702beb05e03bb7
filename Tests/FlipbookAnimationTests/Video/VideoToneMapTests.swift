@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// HDR video is refused unless the layer asks for tone mapping; then each pixel is what the steps
/// ``ToneMap`` documents give, computed here from the code values written into the file.
@Suite("HDR video is tone-mapped to SDR only when the layer asks")
struct VideoToneMapTests {
    /// Four 4 × 4 blocks of 10-bit limited-range Y′CbCr: mid grey, near white, a saturated colour, a dark one.
    static let blocks: [(y: Int, cb: Int, cr: Int)] = [(512, 512, 512), (900, 512, 512), (600, 400, 700), (200, 530, 490)]

    /// A 16 × 4, two-frame FFV1 Matroska file of ``blocks``, tagged BT.2020 with the transfer `trc`
    /// (ffmpeg's names), made with the ffmpeg CLI from raw YUV 4:4:4 (lossless: the code values stay).
    static func source(in folder: TemporaryDirectory, trc: String) throws -> URL {
        let raw = folder.file("blocks.yuv")
        if !FileManager.default.fileExists(atPath: raw.path) {
            var planes = [[UInt16]](repeating: [], count: 3)
            for _ in 0..<4 {
                for x in 0..<16 {
                    let block = blocks[x / 4]
                    planes[0].append(UInt16(block.y)); planes[1].append(UInt16(block.cb)); planes[2].append(UInt16(block.cr))
                }
            }
            let frame = (planes[0] + planes[1] + planes[2]).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            try Data(frame + frame).write(to: raw)
        }
        let url = folder.file("\(trc).mkv")
        _ = try ffmpegTool("ffmpeg", ["-f", "rawvideo", "-pix_fmt", "yuv444p10le", "-s", "16x4", "-r", "10", "-i", raw.path,
                                      "-c:v", "ffv1", "-color_trc", trc, "-color_primaries", "bt2020", "-colorspace", "bt2020nc",
                                      "-color_range", "tv", url.path])
        return url
    }

    /// The 8-bit BT.709 pixel the documented steps give for one block.
    static func expected(_ block: (y: Int, cb: Int, cr: Int), pq: Bool, curve: (Double) -> Double) -> [Double] {
        // BT.2020 non-constant luminance, limited range.
        let kr = 0.2627, kb = 0.0593, kg = 1 - kr - kb
        let y = Double(block.y - 64) / 876, cb = Double(block.cb - 512) / 896, cr = Double(block.cr - 512) / 896
        let r = y + 2 * (1 - kr) * cr, b = y + 2 * (1 - kb) * cb, g = (y - kr * r - kb * b) / kg
        var linear = [r, g, b].map { e -> Double in
            let e = min(max(e, 0), 1)
            if pq {
                let p = pow(e, 4096 / (2523 * 128.0))
                return 10_000 * pow(max(p - 3424.0 / 4096, 0) / (2413.0 / 128 - 2392.0 / 128 * p), 16384 / 2610.0) / 100
            }
            let a = 0.17883277, c = 0.5 - a * log(4 * a)
            return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + 1 - 4 * a) / 12
        }
        if !pq {
            let ys = 0.2627 * linear[0] + 0.6780 * linear[1] + 0.0593 * linear[2]
            linear = linear.map { 10 * pow(ys, 0.2) * $0 }
        }
        let m = [[1.6605, -0.5876, -0.0728], [-0.1246, 1.1329, -0.0083], [-0.0182, -0.1006, 1.1187]]
        let rgb709 = m.map { max(0, $0[0] * linear[0] + $0[1] * linear[1] + $0[2] * linear[2]) }
        let peak = pq ? 100.0 : 10.0
        let brightest = rgb709.max() ?? 0
        let scale = brightest > 1e-6 ? curve(brightest) / curve(peak) / brightest : 1
        return rgb709.map { l in
            let l = min(1, l * scale)
            return ((l < 0.018 ? 4.5 * l : 1.099 * pow(l, 0.45) - 0.099) * 255).rounded()
        }
    }

    static func hable(_ x: Double) -> Double {
        (x * (x * 0.15 + 0.05) + 0.004) / (x * (x * 0.15 + 0.5) + 0.06) - 0.02 / 0.3
    }

    static func reinhard(_ x: Double) -> Double { x / (x + 0.5) }

    /// The middle pixel of each block of frame 1 of a 16 × 4 canvas showing `file` with `toneMap`.
    func shown(_ folder: TemporaryDirectory, _ file: String, toneMap: String) throws -> [[Double]] {
        let json = #"{"size": [16, 4], "scale": 1, "fps": 10, "duration": 0.2, "layers": [{"scene": "video", "src": "\#(file)", "#
            + #""toneMap": "\#(toneMap)"}]}"#
        var scene = try SceneFile.decode(Data(json.utf8), source: "test.json")
        scene.baseDirectory = URL(fileURLWithPath: folder.url.path, isDirectory: true)
        let timeline = try scene.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        timeline.draw(frame: 1, into: &bitmap)
        #expect(bitmap.drawingIssue == nil)
        return (0..<4).map { block in
            let pixel = bitmap.pixel(x: 4 * block + 1, y: 2)
            return [pixel.red, pixel.green, pixel.blue].map { ($0 * 255).rounded() }
        }
    }

    /// Whether the ffmpeg CLI is here with the FFV1 encoder the sources are written with.
    static let ffmpegWritesFFV1 = (try? ffmpegTool("ffmpeg", ["-h", "encoder=ffv1"]))?.contains("FFmpeg video codec #1") == true

    @Test("PQ with hable and reinhard, HLG with hable: each block within 1 of the formula; without toneMap, refused",
          .enabled(if: ffmpegWritesFFV1, "the ffmpeg CLI with its FFV1 encoder is needed to write the HDR sources"))
    func toneMapped() throws {
        let folder = try TemporaryDirectory("video-tonemap")
        let pq = try Self.source(in: folder, trc: "smpte2084")
        _ = try Self.source(in: folder, trc: "arib-std-b67")
        let cases: [(file: String, curve: String, pq: Bool, function: (Double) -> Double)] = [
            ("smpte2084.mkv", "hable", true, Self.hable), ("smpte2084.mkv", "reinhard", true, Self.reinhard),
            ("arib-std-b67.mkv", "hable", false, Self.hable),
        ]
        for (file, curve, isPQ, function) in cases {
            let shown = try shown(folder, file, toneMap: curve)
            let expected = Self.blocks.map { Self.expected($0, pq: isPQ, curve: function) }
            let off = zip(shown, expected).map { zip($0, $1).map { abs($0 - $1) }.max() ?? 0 }.max() ?? 0
            #expect(off <= 1, "\(file) \(curve): shown \(shown), formula \(expected)")
            // The blocks differ: the picture is not one flat colour.
            #expect(Set(shown).count == 4, "\(file) \(curve): \(shown)")
        }
        let refused = expectFlipbookError(.invalidInput) { _ = try VideoScene(contentsOf: pq) }
        #expect(refused?.message == "The video file \(pq.path) is HDR video (PQ transfer); Flipbook draws SDR video (BT.601 or "
            + "BT.709) and refuses HDR rather than show it washed out: convert it to SDR first, or ask for tone mapping "
            + #"("toneMap": "hable" or "reinhard")."#)
        // SDR files ignore it.
        try FrameCodedClip.write(to: folder.file("sdr.mp4"), fps: 10, frames: 2)
        #expect(try VideoScene(contentsOf: folder.file("sdr.mp4"), toneMap: .hable).frame(at: 0).pngData()
            == VideoScene(contentsOf: folder.file("sdr.mp4")).frame(at: 0).pngData())
    }
}
