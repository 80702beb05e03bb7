@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// A GIF's disposal methods as browsers apply them: "restore to background" clears the frame's
/// rectangle to transparent, "do not dispose" leaves it for the next frame to draw over.
@Suite("Animated GIF frames are disposed of as browsers do")
struct GIFDisposalTests {
    /// One frame of a hand-written GIF: its disposal method, transparent palette index, rectangle and pixels.
    struct Frame {
        var disposal: UInt8, transparent: UInt8?, x: UInt8, y: UInt8, w: UInt8, h: UInt8, pixels: [UInt8]
    }

    /// A `width` × `height` GIF of `frames`, 0.1 s each, looping. Palette: black, red, green, blue.
    static func gif(width: UInt8, height: UInt8, _ frames: [Frame]) -> Data {
        var bytes = Array("GIF89a".utf8) + [width, 0, height, 0, 0x81, 0, 0]
        bytes += [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for frame in frames {
            bytes += [0x21, 0xF9, 4, frame.disposal << 2 | (frame.transparent == nil ? 0 : 1), 10, 0, frame.transparent ?? 0, 0]
            bytes += [0x2C, frame.x, 0, frame.y, 0, frame.w, 0, frame.h, 0, 0, 2]
            let data = lzw(frame.pixels)
            bytes += [UInt8(data.count)] + data + [0]
        }
        bytes.append(0x3B)
        return Data(bytes)
    }

    /// A 4 × 2 GIF: all red (restore to background); green in the right half (do not dispose); blue
    /// at (0, 1) (do not dispose).
    static func gif() -> Data {
        gif(width: 4, height: 2, [
            Frame(disposal: 2, transparent: 3, x: 0, y: 0, w: 4, h: 2, pixels: Array(repeating: 1, count: 8)),
            Frame(disposal: 1, transparent: nil, x: 2, y: 0, w: 2, h: 2, pixels: Array(repeating: 2, count: 4)),
            Frame(disposal: 1, transparent: nil, x: 0, y: 1, w: 1, h: 1, pixels: [3]),
        ])
    }

    /// The GIF `scripts/browser/gif.py` compares with Chromium's frames, byte for byte: 8 × 4, all red
    /// (restore to background); green in the right half (do not dispose); blue at (0, 1) (restore to
    /// background); every other pixel of the top two rows red, the rest transparent (do not dispose).
    static func browserCheckGIF() -> Data {
        gif(width: 8, height: 4, [
            Frame(disposal: 2, transparent: nil, x: 0, y: 0, w: 8, h: 4, pixels: Array(repeating: 1, count: 32)),
            Frame(disposal: 1, transparent: nil, x: 4, y: 0, w: 4, h: 4, pixels: Array(repeating: 2, count: 16)),
            Frame(disposal: 2, transparent: nil, x: 0, y: 1, w: 1, h: 1, pixels: [3]),
            Frame(disposal: 1, transparent: 0, x: 0, y: 0, w: 8, h: 2, pixels: (0..<16).map { $0 % 2 == 0 ? 1 : 0 }),
        ])
    }

    /// LZW codes for 2-bit pixels, each pixel a literal and a clear code every two, so the code size
    /// stays 3 bits; packed least significant bit first.
    static func lzw(_ pixels: [UInt8]) -> [UInt8] {
        var codes: [UInt32] = []
        for (i, pixel) in pixels.enumerated() {
            if i % 2 == 0 { codes.append(4) }
            codes.append(UInt32(pixel))
        }
        codes.append(5)
        var out: [UInt8] = [], buffer: UInt32 = 0, bits = 0
        for code in codes {
            buffer |= code << bits
            bits += 3
            while bits >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        if bits > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }

    @Test("Frame by frame over magenta: red; magenta then green; blue at (0, 1) kept with the green")
    func restoreToBackground() throws {
        let folder = try TemporaryDirectory("gif-disposal")
        try Self.gif().write(to: folder.file("disposal.gif"))
        let json = ##"{"size": [4, 2], "scale": 1, "fps": 10, "duration": 0.3, "background": "#ff00ff", "layers": [{"scene": "image", "src": "disposal.gif", "fit": "fill", "size": [4, 2]}]}"##
        var file = try SceneFile.decode(Data(json.utf8), source: "test.json")
        file.baseDirectory = URL(fileURLWithPath: folder.url.path, isDirectory: true)
        let timeline = try file.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        let m = Color(red: 1, green: 0, blue: 1), r = Color(red: 1, green: 0, blue: 0)
        let g = Color(red: 0, green: 1, blue: 0), b = Color(red: 0, green: 0, blue: 1)
        let expected: [[Color]] = [[r, r, r, r, r, r, r, r], [m, m, g, g, m, m, g, g], [m, m, g, g, b, m, g, g]]
        for frame in 0..<3 {
            timeline.draw(frame: frame, into: &bitmap)
            #expect(bitmap.drawingIssue == nil)
            let pixels = (0..<8).map { bitmap.pixel(x: $0 % 4, y: $0 / 4) }
            #expect(zip(pixels, expected[frame]).allSatisfy { near($0.0, $0.1, 0.02) }, "frame \(frame): \(pixels)")
        }
    }

    @Test("On a transparent canvas, the browser check's GIF: cleared rectangles are transparent, transparent pixels keep what was under them")
    func restoreToTransparent() throws {
        let folder = try TemporaryDirectory("gif-disposal-clear")
        try Self.browserCheckGIF().write(to: folder.file("disposal.gif"))
        let json = ##"{"size": [8, 4], "scale": 1, "fps": 10, "duration": 0.4, "background": "transparent", "layers": [{"scene": "image", "src": "disposal.gif", "fit": "fill", "size": [8, 4]}]}"##
        var file = try SceneFile.decode(Data(json.utf8), source: "test.json")
        file.baseDirectory = URL(fileURLWithPath: folder.url.path, isDirectory: true)
        let timeline = try file.makeTimeline()
        var bitmap = try timeline.makeBitmap()
        // Rows of r, g, b and "." (transparent), as scripts/browser/gif.py writes Chromium's frames.
        let expected = [
            ["rrrrrrrr", "rrrrrrrr", "rrrrrrrr", "rrrrrrrr"],
            ["....gggg", "....gggg", "....gggg", "....gggg"],
            ["....gggg", "b...gggg", "....gggg", "....gggg"],
            ["r.r.rgrg", "r.r.rgrg", "....gggg", "....gggg"],
        ]
        for frame in 0..<4 {
            timeline.draw(frame: frame, into: &bitmap)
            #expect(bitmap.drawingIssue == nil)
            let rows = (0..<4).map { y in
                String((0..<8).map { x -> Character in
                    let pixel = bitmap.pixel(x: x, y: y)
                    if pixel.opacity == 0 { return "." }
                    guard pixel.opacity == 1 else { return "?" }
                    switch (pixel.red, pixel.green, pixel.blue) {
                    case (1, 0, 0): return "r"
                    case (0, 1, 0): return "g"
                    case (0, 0, 1): return "b"
                    default: return "?"
                    }
                })
            }
            #expect(rows == expected[frame], "frame \(frame)")
        }
    }
}
