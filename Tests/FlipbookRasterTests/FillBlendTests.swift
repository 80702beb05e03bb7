@testable import FlipbookRaster
import FlipbookCore
import FlipbookTestSupport
import Testing

/// The fast fill's blend, four pixels at a time in 16-bit lanes and one at a time at a row's end,
/// against source-over written out per channel: `(source · w + destination · (255 − w)) / 255`,
/// rounded, where `w` is the pixel's coverage (times 1 + 2⁻¹⁶, at most 1) times the colour's alpha,
/// rounded half to even.
@Suite("The fast fill's blend is exact source-over")
struct FillBlendTests {
    @Test(arguments: [1, 3, 4, 7, 8, 13, 16, 29])
    func blendMatchesThePerChannelFormula(width: Int) {
        var random = SplitMix(state: UInt64(width))
        let height = 5, stride = width + 3
        // Coverage changes (running sums cross ±1 and back), with exact zeros and full cells too.
        var cells = (0..<(stride * height)).map { _ -> Float in
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return 0
            case 1: return 1
            case 2: return -1
            default: return Float.random(in: -0.8...0.8, using: &random)
            }
        }
        // Valid premultiplied destination pixels: each colour channel at most the alpha.
        let destination = (0..<(width * height)).map { _ -> UInt32 in
            let a = UInt32.random(in: 0...255, using: &random)
            let r = UInt32.random(in: 0...a, using: &random), g = UInt32.random(in: 0...a, using: &random)
            let b = UInt32.random(in: 0...a, using: &random)
            return a << 24 | r << 16 | g << 8 | b
        }
        for (alpha, colour) in [(Float(255), (UInt32(255), UInt32(0), UInt32(128))), (137.7, (12, 250, 99)), (0, (1, 2, 3))] {
            var pixels = destination
            cells.withUnsafeMutableBufferPointer { acc in
                pixels.withUnsafeMutableBytes { bytes in
                    FastFillRasterizer.blend(
                        acc.baseAddress!, stride: stride, width: width, height: height, into: bytes.baseAddress!,
                        rowBytes: width * 4, alpha: alpha, r: colour.0, g: colour.1, b: colour.2)
                }
            }
            for row in 0..<height {
                var sum: Float = 0
                for column in 0..<width {
                    sum += cells[row * stride + column]
                    let coverage = min(abs(sum) * (1 + 0x1p-16), 1)
                    let w = UInt32((coverage * alpha).rounded(.toNearestOrEven))
                    let d = destination[row * width + column]
                    let source = [UInt32(255), colour.0, colour.1, colour.2]
                    let expected = (0..<4).reduce(UInt32(0)) { word, channel in
                        let shift = UInt32(24 - 8 * channel)
                        let mixed = source[channel] * w + (d >> shift & 0xFF) * (255 - w)
                        let rounded = (mixed + 127) / 255
                        return word | rounded << shift
                    }
                    #expect(pixels[row * width + column] == expected,
                            "width \(width), alpha \(alpha), pixel (\(column), \(row))")
                }
            }
        }
    }
}
