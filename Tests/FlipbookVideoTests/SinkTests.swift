import CFFmpeg
import FlipbookCore
import FlipbookDrawing
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

@Suite("Image sequences, GIF details, WebP, transparency errors")
struct SinkTests {
    @Test("a PNG sequence is numbered from the first frame written, with exact straight alpha")
    func pngSequence() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let pattern = directory.appendingPathComponent("frame-%05d.png")
        let sink = try makeFrameSink(url: pattern, width: 64, height: 48, fps: 30, firstNumber: 120)
        #expect(sink is ImageSequenceSink)
        #expect(sink.pixelFormat == .rgba && sink.background == nil)
        for i in 0..<3 { try sink.append(try alphaPattern(frame: i)) }
        // Nothing is published before finish.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("frame-00120.png").path))
        try sink.finish()
        #expect(sink.frameCount == 3)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["frame-00120.png", "frame-00121.png", "frame-00122.png"])
        let clip = try decodeClip(directory.appendingPathComponent("frame-00121.png"))
        #expect(clip.codecName == "png" && clip.framePixelFormat == "rgba")
        let frame = try #require(clip.frames.first)
        #expect(frame.pixel(2, 2).a == 0)
        #expect(frame.pixel(36, 10) == (220, 40, 30, 255))
        // Premultiplied (0, 100, 0, 128) un-premultiplies to 100·255/128 = 199.2 → 199, exactly.
        #expect(frame.pixel(36, 36) == (0, 199, 0, 128))
    }

    @Test("--png-compression: a sequence at zlib's levels 0 and 9 decodes to the same pixels; 10 is refused")
    func pngSequenceCompression() throws {
        let scratch = try TemporaryDirectory("video")
        var sizes: [Int] = []
        var decoded: [[(r: Int, g: Int, b: Int, a: Int)]] = []
        for level in [0, 9] {
            let pattern = scratch.url.appendingPathComponent("level\(level)-%02d.png")
            let sink = try ImageSequenceSink(url: pattern, width: 64, height: 48,
                                             options: VideoOptions(pngCompression: level))
            try sink.append(try alphaPattern(frame: 1))
            try sink.finish()
            let file = scratch.url.appendingPathComponent("level\(level)-00.png")
            sizes.append(try Data(contentsOf: file).count)
            let frame = try #require(try decodeClip(file).frames.first)
            decoded.append((0..<48).flatMap { y in (0..<64).map { frame.pixel($0, y) } })
        }
        #expect(sizes[0] > sizes[1])
        #expect(decoded[0].elementsEqual(decoded[1]) { $0 == $1 })
        #expect { try VideoOptions(pngCompression: 10) } throws: { error in
            (error as? FlipbookError)?.message.contains("pngCompression must be between 0 and 9; it is 10") == true
        }
    }

    @Test("a sequence dropped before finish leaves no files")
    func sequenceAbandoned() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        do {
            let sink = try ImageSequenceSink(url: directory.appendingPathComponent("f-%03d.png"), width: 64, height: 48)
            try sink.append(try alphaPattern(frame: 0))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("un-premultiplying is exact: an edge pixel at any coverage keeps its colour")
    func unpremultiplyExact() throws {
        var bitmap = try Bitmap(width: 4, height: 1)
        // Pure orange (255, 128, 0) at alpha 1, 64, 128, 255, premultiplied with Cairo's rounding.
        let alphas = [1, 64, 128, 255]
        try fill(&bitmap) { x, _ in
            let a = alphas[x]
            func p(_ c: Int) -> UInt8 { UInt8((c * a + 127) / 255) }
            return (p(255), p(128), p(0), UInt8(a))
        }
        let frame = ConvertedFrame(converting: bitmap, to: .rgba, background: nil)
        let pixels = frame.planes[0]
        for x in 1..<4 {
            #expect(pixels[4 * x] == 255 && pixels[4 * x + 2] == 0, "pixel \(x): \(pixels[(4 * x)..<(4 * x + 4)])")
            #expect(abs(Int(pixels[4 * x + 1]) - 128) <= 2, "pixel \(x) green \(pixels[4 * x + 1])")
            #expect(Int(pixels[4 * x + 3]) == alphas[x])
        }
    }

    @Test("a GIF has one palette of at most 256 colours from the clip, and loops forever by default")
    func gifPaletteAndLoop() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("clip.gif")
        try encodeAlphaPattern(to: url, options: VideoOptions(), count: 6)
        let gif = try GIFStructure(Data(contentsOf: url))
        #expect(gif.paletteSizes.allSatisfy { $0 <= 256 })
        #expect(!gif.paletteSizes.isEmpty)
        #expect(gif.loopCount == 0, "NETSCAPE2.0 loop 0 = forever")
        #expect(gif.frames == 6)
        // The clip's red, exactly, is in the palette (not a web-safe neighbour).
        #expect(gif.colours.contains([220, 40, 30]))

        let once = directory.appendingPathComponent("once.gif")
        try encodeAlphaPattern(to: once, options: VideoOptions(loop: 3), count: 2)
        #expect(try GIFStructure(Data(contentsOf: once)).loopCount == 3)
    }

    @Test("a GIF above 50 fps is refused, and the delays written are described")
    func gifRate() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let fast = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: directory.appendingPathComponent("fast.gif"), width: 8, height: 8, fps: 60)
        }
        #expect(fast?.message == "fps must be at most 50 for a GIF: GIF frame delays are whole hundredths of a second "
                    + "and browsers slow delays under 2/100 s down to 1/10 s; it is 60. Use 50, 30 or 25 fps for GIFs.")
        let encoder = try VideoEncoder(url: directory.appendingPathComponent("ntsc.gif"), width: 8, height: 8,
                                       fps: FrameRate(30000, 1001))
        #expect(encoder.timingNote?.contains("3/100 and 4/100") == true, "\(encoder.timingNote ?? "nil")")
    }

    @Test("an animated WebP has every frame, loops forever and keeps alpha")
    func webp() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let url = directory.appendingPathComponent("clip.webp")
        try encodeAlphaPattern(to: url, options: VideoOptions(), count: 5)
        let chunks = riffChunks(try Data(contentsOf: url))
        #expect(chunks.first?.type == "VP8X")
        // VP8X flags: bit 4 alpha, bit 1 animation.
        let flags = try #require(chunks.first?.body.first)
        #expect(flags & 0x10 != 0 && flags & 0x02 != 0)
        let anim = try #require(chunks.first { $0.type == "ANIM" })
        #expect(anim.body.count >= 6 && anim.body[anim.body.startIndex + 4] == 0 && anim.body[anim.body.startIndex + 5] == 0,
                "loop count 0 = forever")
        #expect(chunks.filter { $0.type == "ANMF" }.count == 5)
    }

    @Test("transparency from an opaque-only format is an error naming the formats with alpha")
    func alphaErrors() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        let alpha = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: directory.appendingPathComponent("a.mp4"), width: 8, height: 8, fps: 30,
                                 options: VideoOptions(alpha: true))
        }
        for name in [".mov", ".webm", ".gif", ".apng", ".webp", "%05d.png"] {
            #expect(alpha?.message.contains(name) == true, "\(String(describing: alpha))")
        }
        let vp9 = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: directory.appendingPathComponent("b.mp4"), width: 8, height: 8, fps: 30,
                                 options: VideoOptions(codec: .vp9))
        }
        #expect(vp9?.message == "codec vp9 cannot be written in MP4, which holds h264, hevc, av1; vp9 goes in WebM, Matroska.")
        let yuva = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: directory.appendingPathComponent("c.mp4"), width: 8, height: 8, fps: 30,
                                 options: VideoOptions(pixelFormat: .yuva420p))
        }
        #expect(yuva?.message == "pixelFormat must be one of yuv420p for H.264; it is yuva420p, which VP9 can write.")
        let avi = expectFlipbookError(.invalidInput) {
            _ = try VideoEncoder(url: directory.appendingPathComponent("d.avi"), width: 8, height: 8, fps: 30)
        }
        #expect(avi?.message.hasPrefix("output must end in one of .mp4, .m4v, .mov, .webm, .mkv, .gif, .apng, .webp, .png") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a setting the codec does not have is an error naming the codecs that have it")
    func settingsPerCodec() throws {
        let url = URL(fileURLWithPath: "/tmp/a.mov")
        let crf = expectFlipbookError(.invalidInput) { _ = try OutputFormat(url: url, options: VideoOptions(crf: 30)) }
        #expect(crf?.message.contains("ProRes has no crf") == true && crf?.message.contains("h264, hevc, vp9, av1") == true,
                "\(String(describing: crf))")
        let preset = expectFlipbookError(.invalidInput) {
            _ = try OutputFormat(url: URL(fileURLWithPath: "/tmp/a.apng"), options: VideoOptions(preset: "slow"))
        }
        #expect(preset?.message == "preset is set (slow) but APNG has no preset; codecs with one: h264, hevc, vp9, av1.")
        #expect(try OutputFormat(url: URL(fileURLWithPath: "/tmp/a.webm"), options: VideoOptions(preset: "slow")).codec == .vp9)
        #expect(try OutputFormat(url: URL(fileURLWithPath: "/tmp/a.mp4"), options: VideoOptions(codec: .hevc, crf: 28, preset: "slow")).codec == .hevc)
        let loop = expectFlipbookError(.invalidInput) {
            _ = try OutputFormat(url: URL(fileURLWithPath: "/tmp/a.mp4"), options: VideoOptions(loop: 2))
        }
        #expect(loop?.message.contains(".gif, .apng, .webp") == true, "\(String(describing: loop))")
    }

    @Test("a PNG sequence is byte-identical across runs")
    func sequenceReproducible() throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        var files: [Data] = []
        for run in ["a", "b"] {
            let sink = try ImageSequenceSink(url: directory.appendingPathComponent("\(run)-%02d.png"), width: 64, height: 48)
            try sink.append(try alphaPattern(frame: 3))
            try sink.finish()
            files.append(try Data(contentsOf: sink.fileURL(forFrame: 0)))
        }
        #expect(files[0] == files[1])
    }

    @Test("converting into a reused frame gives the same samples as a fresh conversion",
          arguments: [(PixelFormat.yuv420p, true), (.yuva420p, false), (.yuv422p10le, true), (.rgba, false)])
    func reusedFrame(_ format: PixelFormat, _ opaque: Bool) throws {
        let background: Color? = opaque ? .white : nil
        var reused = ConvertedFrame(converting: try alphaPattern(frame: 0), to: format, background: background)
        for i in 1..<4 {
            let bitmap = try alphaPattern(frame: i)
            reused.convert(bitmap, background: background)
            let fresh = ConvertedFrame(converting: bitmap, to: format, background: background)
            #expect(reused.planes == fresh.planes && reused.rowBytes == fresh.rowBytes && reused.pixelFormat == format)
        }
    }

    /// A sink a Swift user might write: it keeps each frame's alpha at one pixel.
    final class AlphaProbe: FrameSink {
        let pixelFormat = PixelFormat.rgba
        let background: Color? = nil
        private(set) var frameCount = 0
        private(set) var alphas: [UInt8] = []
        func append(_ frame: ConvertedFrame) throws {
            alphas.append(frame.planes[0][(36 * frame.width + 36) * 4 + 3])
            frameCount += 1
        }
        func finish() throws {}
    }

    @Test("a FrameSink of one's own gets frames converted to the layout it asks for")
    func customSink() throws {
        let sink = AlphaProbe()
        for i in 0..<3 { try sink.append(try alphaPattern(frame: i)) }
        try sink.finish()
        #expect(sink.frameCount == 3 && sink.alphas == [128, 128, 128])
    }

    @Test("the extension picks the container and its default codec")
    func defaults() throws {
        func format(_ name: String, _ options: VideoOptions = VideoOptions()) throws -> OutputFormat {
            try OutputFormat(url: URL(fileURLWithPath: "/tmp/" + name), options: options)
        }
        #expect(try format("a.mp4").summary == "H.264 yuv420p in MP4")
        #expect(try !format("a.mp4").keepsAlpha)
        #expect(try format("a.mov").summary == "ProRes yuva444p10le in MOV")
        #expect(try format("a.mov").keepsAlpha)
        #expect(try format("a.mov", VideoOptions(alpha: false)).pixelFormat == .yuv422p10le)
        #expect(try format("a.webm").summary == "VP9 yuva420p in WebM")
        #expect(try format("a.mkv").codec == .h264)
        #expect(try format("a.gif").pixelFormat == .pal8)
        #expect(try format("a-%05d.png").container == .pngSequence)
        let single = expectFlipbookError(.invalidInput) { _ = try format("single.png") }
        #expect(single?.message.hasPrefix("output of a PNG sequence must hold the frame number as %05d") == true)
        // --format overrides the extension.
        #expect(try format("clip.bin", VideoOptions(container: .webm)).codec == .vp9)
        #expect(try format("clip.mp4", VideoOptions(codec: .vp9, container: .mkv)).summary == "VP9 yuva420p in Matroska")
    }
}

/// The blocks of a GIF file that the tests look at.
struct GIFStructure {
    var paletteSizes: [Int] = []
    var colours: Set<[UInt8]> = []
    var loopCount: Int?
    var frames = 0

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else {
            throw TestDecodeError(description: "not a GIF89a")
        }
        var i = 13
        func table(_ flags: UInt8) {
            guard flags & 0x80 != 0 else { return }
            let size = 1 << (Int(flags & 7) + 1)
            paletteSizes.append(size)
            for c in 0..<size where i + 3 * c + 2 < bytes.count {
                colours.insert(Array(bytes[(i + 3 * c)...(i + 3 * c + 2)]))
            }
            i += 3 * size
        }
        table(bytes[10])
        func skipSubBlocks() {
            while i < bytes.count, bytes[i] != 0 { i += Int(bytes[i]) + 1 }
            i += 1
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x21:
                let label = bytes[i + 1]
                if label == 0xFF, String(decoding: bytes[(i + 3)..<(i + 14)], as: UTF8.self) == "NETSCAPE2.0" {
                    loopCount = Int(bytes[i + 16]) | Int(bytes[i + 17]) << 8
                }
                i += 2
                skipSubBlocks()
            case 0x2C:
                frames += 1
                let flags = bytes[i + 9]
                i += 10
                table(flags)
                i += 1 // LZW minimum code size
                skipSubBlocks()
            case 0x3B:
                return
            default:
                throw TestDecodeError(description: "unexpected GIF block \(bytes[i]) at \(i)")
            }
        }
    }
}

/// The chunks of a RIFF file (WebP), in order.
func riffChunks(_ data: Data) -> [(type: String, body: Data)] {
    var chunks: [(String, Data)] = []
    var offset = 12
    while offset + 8 <= data.count {
        let type = String(decoding: data[(data.startIndex + offset)..<(data.startIndex + offset + 4)], as: UTF8.self)
        let size = data[(offset + 4)..<(offset + 8)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let body = data[(offset + 8)..<min(data.count, offset + 8 + size)]
        chunks.append((type, body))
        // ANMF holds frames inside it; its header is 16 bytes before the frame's own chunks.
        offset += 8 + size + (size & 1)
    }
    return chunks
}
