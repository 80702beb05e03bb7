// libFuzzer target (differential): a fill drawn by the fast path must look like Cairo's. The same
// input as the FastFill target (Fuzz/FastFill/FuzzInput.swift) is filled twice, once with the fast
// paths allowed and once through Cairo alone, and any pixel more than `tolerance` levels apart is a
// failure. Exact-area coverage and Cairo's sampled coverage differ by a few levels on ordinary edges
// and by up to ~35 at the tips of slivers, so the tolerance is set well above that: what it catches
// is a wrong model (overlapping windings were off by 109–155 levels). With style bit 8 a text symbol is
// drawn too, through the image fast path (which agrees with Cairo within 2 levels); with style bit 64
// a circle is stroked, through the ring fast path and its AVX2 kernel (Cairo's chords and sub-rows put
// it up to ~28 levels from the exact ring at edges). A pixel where the fill alone is excused (Cairo's
// sliver tips, below) stays excused under the ring or symbol drawn over it (sliver-tip-under-ring.bin).
// The same drawing twice down a taller bitmap, the
// second copy across the first edge between the bands of a planned frame (FramePlan), must give the
// same bytes planned in bands as drawn shape by shape.
import FlipbookDrawing
import Foundation

private let tolerance = 64

@_cdecl("LLVMFuzzerTestOneInput")
public func fastFillVsCairoFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    var input = FuzzInput(UnsafeBufferPointer(start: bytes, count: count))
    let (transform, style, path) = input.drawing()
    func draw(_ context: inout GraphicsContext) {
        // The circle below is drawn without the fuzzed transform, which can make Cairo's stroke of
        // it take seconds.
        var plain = context
        if style & 2 != 0 { context.concatenate(transform) }
        context.opacity = style & 4 == 0 ? 1 : 0.6
        context.fill(path, with: .color(.blue.opacity(0.8)))
        if style & 64 != 0 {
            // Centre, radius, width and a rotation from the transform's entries: small values near
            // the bitmap most of the time, anything at all sometimes (a radius up to 120, a width up
            // to 40).
            let radius = min(abs(transform.a) * 6 + 4, 120), centre = CGPoint(x: transform.tx, y: transform.ty)
            let box = CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
            plain.rotate(by: .radians(transform.b.isFinite ? Double(transform.b) : 0))
            plain.opacity = context.opacity
            plain.stroke(Path(ellipseIn: box), with: .color(.green.opacity(0.7)),
                         lineWidth: min(abs(transform.d) / 4 + 0.25, 40))
        }
        if style & 8 != 0 {
            // A confetti symbol under the same transform: the image fast path (FastImage) against
            // Cairo's bilinear paint, an emoji or a tinted glyph, flipped or not.
            context.draw(TextSymbol(style & 16 == 0 ? "🎉" : "★"), height: 6 + CGFloat(style >> 5) * 3,
                         widthScale: style & 32 == 0 ? 1 : 0.35, color: .red)
        }
    }
    let scale: CGFloat = style & 1 == 0 ? 1 : 2
    func image(fastPaths: Bool, fillAlone: Bool = false) -> Bitmap? {
        guard var bitmap = try? Bitmap(width: 24, height: 20) else { return nil }
        bitmap.draw(scale: scale, background: .white) { context, _ in
            context.allowsFastPaths = fastPaths
            if fillAlone {
                if style & 2 != 0 { context.concatenate(transform) }
                context.opacity = style & 4 == 0 ? 1 : 0.6
                context.fill(path, with: .color(.blue.opacity(0.8)))
            } else {
                draw(&context)
            }
        }
        return bitmap
    }
    func stacked(inBands bands: Bool) -> [UInt8] {
        guard var bitmap = try? Bitmap(width: 24, height: 90) else { return [] }
        bitmap.drawsInBands = bands
        bitmap.draw(scale: scale, background: .white) { context, _ in
            for offset in [0, 50] as [CGFloat] {
                var ctx = context
                ctx.translateBy(x: 0, y: offset / scale)
                draw(&ctx)
            }
        }
        return bitmap.withUnsafeBytes { bytes, _ in Array(bytes) }
    }
    if stacked(inBands: true) != stacked(inBands: false) {
        fatalError("planned in bands, the drawing differs from shape by shape: style \(style), transform \(transform), path \(path.description)")
    }
    guard let fast = image(fastPaths: true), let cairo = image(fastPaths: false) else { return 0 }
    // Where Cairo itself fails (a nearly singular transform stretching a symbol's image makes it report
    // "out of memory" and draw nothing) there is no picture to compare with.
    if cairo.drawingIssue != nil { return 0 }
    let referee = CoverageReferee(path: path, transform: style & 2 != 0 ? transform : .identity, scale: scale,
                                  alpha: 0.8 * (style & 4 == 0 ? 1 : 0.6))
    let differences = pixelsApart(fast, cairo)
    guard !differences.isEmpty else { return 0 }
    // Pixels further apart than the tolerance are failures, unless the fill's own pixel (drawn alone) is
    // the exact coverage with the fast fill while Cairo's is not (Cairo 1.16 fills a whole pixel at the
    // tip of a tall sliver of a few hundredths of a pixel across, where the area is 4 %). A ring or a
    // symbol drawn over such a pixel carries Cairo's error with it, so the pixel is judged on the fill.
    let fillAlone = style & (8 | 64) == 0
        ? (fast, cairo)
        : (image(fastPaths: true, fillAlone: true), image(fastPaths: false, fillAlone: true))
    var worst = 0
    for (x, y, difference) in differences {
        if let referee, let fastFill = fillAlone.0, let cairoFill = fillAlone.1, cairoFill.drawingIssue == nil,
           let exact = referee.red(x: x, y: y),
           abs(fastFill.red(x: x, y: y) - exact) <= tolerance, abs(cairoFill.red(x: x, y: y) - exact) > tolerance {
            continue
        }
        worst = max(worst, difference)
    }
    if worst > tolerance {
        fatalError("the fast fill differs from Cairo by \(worst) levels: style \(style), transform \(transform), path \(path.description)")
    }
    return 0
}

/// The pixels of two bitmaps of one size whose channels are more than `tolerance` levels apart, with
/// the largest difference of each.
private func pixelsApart(_ a: Bitmap, _ b: Bitmap) -> [(x: Int, y: Int, difference: Int)] {
    var found: [(x: Int, y: Int, difference: Int)] = []
    a.withUnsafeBytes { aBytes, aStride in
        b.withUnsafeBytes { bBytes, bStride in
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let at = y * aStride + x * 4, bt = y * bStride + x * 4
                    let difference = (0..<4).map { abs(Int(aBytes[at + $0]) - Int(bBytes[bt + $0])) }.max()!
                    if difference > tolerance { found.append((x, y, difference)) }
                }
            }
        }
    }
    return found
}

extension Bitmap {
    /// The red level at a pixel (BGRA bytes).
    fileprivate func red(x: Int, y: Int) -> Int {
        withUnsafeBytes { bytes, stride in Int(bytes[y * stride + x * 4 + 2]) }
    }
}

/// A third opinion for a fill alone: its coverage of a pixel, sampled on an 8 × 8 grid with
/// `Path.contains` (curves flattened to 1/100 pixel), as the red level of the blue fill over white.
private struct CoverageReferee {
    let device: Path
    let alpha: Double

    init?(path: Path, transform: CGAffineTransform, scale: CGFloat, alpha: Double) {
        device = path.applying(transform.concatenating(CGAffineTransform(scaleX: scale, y: scale)))
        self.alpha = alpha
        // Far-off or enormous geometry would make the sampler flatten for a long time: no opinion.
        let box = device.boundingRect
        guard box.minX.isFinite, box.maxX.isFinite, box.minY.isFinite, box.maxY.isFinite,
              max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY)) < 1e5 else { return nil }
    }

    func red(x: Int, y: Int) -> Int? {
        let grid = 8
        var inside = 0
        for j in 0..<grid {
            for i in 0..<grid {
                let point = CGPoint(x: CGFloat(x) + (CGFloat(i) + 0.5) / CGFloat(grid),
                                    y: CGFloat(y) + (CGFloat(j) + 0.5) / CGFloat(grid))
                if device.contains(point) { inside += 1 }
            }
        }
        let coverage = Double(inside) / Double(grid * grid)
        return Int((255 * (1 - alpha * coverage)).rounded())
    }
}
