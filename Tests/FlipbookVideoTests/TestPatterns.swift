import FlipbookDrawing
import FlipbookRaster
import FlipbookRender
import Foundation
@testable import FlipbookVideo

/// Writes premultiplied BGRA pixels straight into a bitmap (no canvas needed).
func fill(_ bitmap: inout Bitmap, _ pixel: (Int, Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) throws {
    let width = bitmap.width, height = bitmap.height
    try bitmap.withUnsafeMutableBytes { bytes, stride in
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                let o = y * stride + 4 * x
                bytes[o] = p.b
                bytes[o + 1] = p.g
                bytes[o + 2] = p.r
                bytes[o + 3] = p.a
            }
        }
    }
}

/// A test pattern with flat patches, gradients and 1-pixel lines, shifted by `frame` so consecutive
/// frames differ (motion for the encoder to predict).
func testPattern(width: Int, height: Int, frame: Int) throws -> Bitmap {
    var bitmap = try Bitmap(width: width, height: height)
    let shift = frame * 3
    try fill(&bitmap) { x, y in
        let xs = (x + shift) % width
        if y < height / 4 {
            // Flat patches.
            let patch = (xs / max(1, width / 6)) % 6
            let colours: [(UInt8, UInt8, UInt8)] = [(200, 40, 40), (40, 180, 60), (30, 60, 210),
                                                    (230, 220, 50), (128, 128, 128), (20, 20, 20)]
            let c = colours[patch]
            return (c.0, c.1, c.2, 255)
        } else if y < height / 2 {
            // Horizontal and vertical gradients.
            let r = UInt8(xs * 255 / max(1, width - 1))
            let g = UInt8((y - height / 4) * 255 / max(1, height / 4))
            return (r, g, 255 - r, 255)
        } else if y < 3 * height / 4 {
            // 1-pixel lines, every 4th row and column.
            let line = xs % 4 == 0 || y % 4 == 0
            return line ? (0, 0, 0, 255) : (250, 250, 250, 255)
        } else {
            // A smooth diagonal ramp.
            let v = UInt8(((xs + y) * 255) / max(1, width + height))
            return (v, v / 2, 255 - v, 255)
        }
    }
    return bitmap
}

/// The YUV the converter makes from `bitmap` over `background`.
func referenceYUV(_ bitmap: Bitmap, background: Color = .white) -> YUVFrame {
    var frame = YUVFrame(width: bitmap.width, height: bitmap.height)
    convert(bitmap, background: background, into: &frame)
    return frame
}

/// PSNR in dB between a decoded picture and the expected YUV, over all three planes.
func psnr(_ decoded: YUVPlanes, _ expected: YUVFrame) -> Double {
    var squared = 0.0, count = 0.0
    func add(_ a: [UInt8], _ b: [UInt8]) {
        for i in 0..<min(a.count, b.count) {
            let d = Double(a[i]) - Double(b[i])
            squared += d * d
        }
        count += Double(min(a.count, b.count))
    }
    add(decoded.y, expected.y)
    add(decoded.u, expected.u)
    add(decoded.v, expected.v)
    let mse = squared / count
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// Files in `directory` whose names mark them as temporary (".…partial").
func partialFiles(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".partial") }
}

/// Encodes `count` test-pattern frames to `url`.
func encodePattern(
    to url: URL, width: Int = 96, height: Int = 64, fps: FrameRate = 30, count: Int = 10,
    options: VideoOptions = VideoOptions()
) throws {
    let encoder = try VideoEncoder(url: url, width: width, height: height, fps: fps, options: options)
    for i in 0..<count {
        try encoder.append(try testPattern(width: width, height: height, frame: i))
    }
    try encoder.finish()
}
