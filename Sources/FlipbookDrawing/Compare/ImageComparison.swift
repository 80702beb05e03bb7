import FlipbookCore
import Foundation

/// How far one picture is from another of the same size: the peak signal-to-noise ratio, the
/// structural similarity, how many pixels differ and the one that differs most. Snapshot tests
/// (`FlipbookTesting`) and `flipbook compare` judge pictures by it.
///
/// Both pictures are compared as they are stored: premultiplied 8-bit channels, alpha included,
/// so a change of transparency counts as much as a change of colour.
public struct ImageComparison: Sendable {
    /// The pixel that differs most: where, and its colour in each picture (un-premultiplied).
    public struct WorstPixel: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var expected: Color
        public var actual: Color
        /// The largest difference of one channel there, 1…255.
        public var difference: Int
    }

    /// The pictures' size in pixels.
    public let width: Int
    public let height: Int
    /// The peak signal-to-noise ratio in decibels over every channel of every pixel:
    /// `10 log₁₀(255² ÷ mean squared difference)`; `.infinity` for identical pictures.
    public let psnr: Double
    /// The mean structural similarity of the four channels, over 8 × 8 windows (Wang et al. 2004,
    /// with their constants), from −1 to 1; 1 for identical pictures.
    public let ssim: Double
    /// How many pixels differ in any channel.
    public let differingPixels: Int
    /// The pixel that differs most (the first in reading order among equals); `nil` when none does.
    public let worstPixel: WorstPixel?
    private let expectedBytes: [UInt8]
    private let actualBytes: [UInt8]

    /// Compares `actual` with `expected`.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) when their sizes differ, naming both.
    public init(actual: Bitmap, expected: Bitmap) throws {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw FlipbookError.invalidInput(
                "Cannot compare a \(actual.width)×\(actual.height) picture with a \(expected.width)×\(expected.height) one: "
                    + "their sizes differ.")
        }
        width = actual.width
        height = actual.height
        expectedBytes = expected.packedBytes()
        actualBytes = actual.packedBytes()
        var squares = 0.0
        var differing = 0
        var worst: (index: Int, difference: Int)?
        for pixel in 0..<(width * height) {
            var largest = 0
            for channel in 0..<4 {
                let delta = Int(actualBytes[pixel * 4 + channel]) - Int(expectedBytes[pixel * 4 + channel])
                squares += Double(delta * delta)
                largest = max(largest, abs(delta))
            }
            guard largest > 0 else { continue }
            differing += 1
            if largest > (worst?.difference ?? 0) { worst = (pixel, largest) }
        }
        let mean = squares / Double(width * height * 4)
        psnr = mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
        ssim = structuralSimilarity(actualBytes, expectedBytes, width: width, height: height)
        differingPixels = differing
        worstPixel = worst.map { worst in
            let x = worst.index % expected.width, y = worst.index / expected.width
            return WorstPixel(x: x, y: y, expected: expected.pixel(x: x, y: y), actual: actual.pixel(x: x, y: y),
                              difference: worst.difference)
        }
    }

    /// The PSNR, in decibels, below which two pictures count as different unless told otherwise
    /// (`flipbook compare --min-psnr`, snapshot tests): antialiasing that differs by a level here and
    /// there stays above it, a shape that moves does not.
    public static let defaultMinimumPSNR = 45.0

    /// Whether the pictures are the same, byte for byte.
    public var isIdentical: Bool { differingPixels == 0 }

    /// "PSNR 31.25 dB, SSIM 0.9871, 12 pixels differ; the worst at (40, 17): expected #ff0000ff, actual #00ff00ff".
    public var summary: String {
        guard let worst = worstPixel else { return "identical (PSNR ∞, SSIM 1)" }
        return String(format: "PSNR %.2f dB, SSIM %.4f, ", psnr, ssim)
            + (differingPixels == 1 ? "1 pixel" : "\(differingPixels) pixels") + " of \(width * height) "
            + (differingPixels == 1 ? "differs" : "differ") + "; "
            + "the worst at (\(worst.x), \(worst.y)): expected \(worst.expected.hexString), actual \(worst.actual.hexString)"
    }

    /// A picture of where they differ: the expected picture faded to a light grey, and every pixel
    /// that differs in red, opaque where the difference is large, never lighter than half.
    ///
    /// - Throws: ``FlipbookError`` when the bitmap cannot be made.
    public func differenceImage() throws -> Bitmap {
        var image = try Bitmap(width: width, height: height)
        try image.withUnsafeMutableBytes { bytes, bytesPerRow in
            for y in 0..<height {
                for x in 0..<width {
                    let pixel = (y * width + x) * 4
                    var largest = 0
                    var luma = 0
                    for channel in 0..<4 {
                        largest = max(largest, abs(Int(actualBytes[pixel + channel]) - Int(expectedBytes[pixel + channel])))
                    }
                    // Premultiplied BGRA in memory: luma over white, faded towards white.
                    let alpha = Int(expectedBytes[pixel + 3])
                    luma = (Int(expectedBytes[pixel + 2]) * 77 + Int(expectedBytes[pixel + 1]) * 150
                        + Int(expectedBytes[pixel]) * 29) / 256 + (255 - alpha)
                    let faded = UInt8(clamping: 191 + luma / 4)
                    let word: UInt32
                    if largest > 0 {
                        let red = UInt32(128 + largest / 2)
                        word = 0xFF00_0000 | red << 16
                    } else {
                        word = 0xFF00_0000 | UInt32(faded) << 16 | UInt32(faded) << 8 | UInt32(faded)
                    }
                    bytes.storeBytes(of: word, toByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
                }
            }
        }
        return image
    }
}

extension Bitmap {
    /// The premultiplied pixels, four bytes each in memory order, rows packed without padding.
    func packedBytes() -> [UInt8] {
        withUnsafeBytes { bytes, bytesPerRow in
            var packed = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<(width * 4) { packed[y * width * 4 + x] = bytes[y * bytesPerRow + x] }
            }
            return packed
        }
    }
}
