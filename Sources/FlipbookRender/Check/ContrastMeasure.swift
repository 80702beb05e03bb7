import FlipbookCore
import FlipbookDrawing
import Foundation

/// One layer's contrast at one moment, measured on pixels: the median WCAG ratio of its fully
/// covered pixels, as composited, with the pixels under them, and the mean colours of both.
struct ContrastMeasure {
    /// The fewest fully covered pixels a measure needs (fewer: a sliver, not readable text).
    static let minimumPixels = 12

    var ratio: Double
    var glyph: Color
    var background: Color
    var time: TimeInterval = 0
    /// Whether the glyphs measured stand on captions' pills.
    var onPills = false

    /// The median contrast of `alone`'s fully covered pixels, composited over `below`, against
    /// `below`; with `pills`, only of the pixels on them (`onPills`) or off them. `nil` when the layer
    /// is mostly transparent here (fading) or covers too few such pixels over an opaque background.
    init?(alone: Bitmap, below: Bitmap, pills: Bitmap? = nil, onPills: Bool = false) {
        guard alone.width == below.width, alone.height == below.height,
              pills.map({ $0.width == alone.width && $0.height == alone.height }) ?? true else { return nil }
        let width = alone.width, height = alone.height
        // Pixel (x, y) of a picture, premultiplied ARGB.
        typealias Pixels = (_ x: Int, _ y: Int) -> UInt32
        func measure(_ layer: Pixels, _ under: Pixels, _ plate: Pixels?) -> ContrastMeasure? {
            var peak: UInt32 = 0
            for y in 0..<height {
                for x in 0..<width { peak = max(peak, layer(x, y) >> 24) }
            }
            // Text mid-fade is not what a viewer reads.
            guard peak >= 128 else { return nil }
            let threshold = peak * 9 / 10
            var ratios: [Double] = []
            var glyphSum = (0.0, 0.0, 0.0), backgroundSum = (0.0, 0.0, 0.0)
            for y in 0..<height {
                for x in 0..<width {
                    let top = layer(x, y)
                    let alpha = top >> 24
                    guard alpha >= threshold else { continue }
                    // On a pill: its pixel is opaque; off it: untouched (the pill's soft edge is neither).
                    if let plate { guard onPills ? plate(x, y) >> 24 >= 250 : plate(x, y) >> 24 == 0 else { continue } }
                    let bottom = under(x, y)
                    guard bottom >> 24 >= 250 else { continue }
                    let keep = Double(255 - alpha) / 255
                    func channel(_ shift: UInt32) -> (glyph: Double, background: Double) {
                        let background = Double((bottom >> shift) & 0xFF) / 255
                        return (min(1, Double((top >> shift) & 0xFF) / 255 + keep * background), background)
                    }
                    let red = channel(16), green = channel(8), blue = channel(0)
                    let glyph = Color(red: red.glyph, green: green.glyph, blue: blue.glyph)
                    let background = Color(red: red.background, green: green.background, blue: blue.background)
                    ratios.append(glyph.contrastRatio(with: background))
                    glyphSum = (glyphSum.0 + red.glyph, glyphSum.1 + green.glyph, glyphSum.2 + blue.glyph)
                    backgroundSum = (backgroundSum.0 + red.background, backgroundSum.1 + green.background,
                                     backgroundSum.2 + blue.background)
                }
            }
            guard ratios.count >= Self.minimumPixels else { return nil }
            ratios.sort()
            let n = Double(ratios.count)
            return ContrastMeasure(ratio: ratios[ratios.count / 2],
                                   glyph: Color(red: glyphSum.0 / n, green: glyphSum.1 / n, blue: glyphSum.2 / n),
                                   background: Color(red: backgroundSum.0 / n, green: backgroundSum.1 / n,
                                                     blue: backgroundSum.2 / n),
                                   onPills: onPills)
        }
        let found = alone.withUnsafeBytes { layer, layerStride in
            below.withUnsafeBytes { under, underStride in
                let top: Pixels = { layer.load(fromByteOffset: $1 * layerStride + $0 * 4, as: UInt32.self) }
                let bottom: Pixels = { under.load(fromByteOffset: $1 * underStride + $0 * 4, as: UInt32.self) }
                guard let pills else { return measure(top, bottom, nil) }
                return pills.withUnsafeBytes { plate, plateStride in
                    measure(top, bottom) { plate.load(fromByteOffset: $1 * plateStride + $0 * 4, as: UInt32.self) }
                }
            }
        }
        guard let found else { return nil }
        self = found
    }

    private init(ratio: Double, glyph: Color, background: Color, onPills: Bool) {
        self.ratio = ratio
        self.glyph = glyph
        self.background = background
        self.onPills = onPills
    }
}
