import FlipbookDrawing
import Foundation

/// A new bitmap of `width`×`height` pixels drawn by `body` over `background`.
func drawing(
    _ width: Int, _ height: Int, scale: CGFloat = 1, background: Color? = .white,
    _ body: (inout GraphicsContext, CGSize) -> Void
) throws -> Bitmap {
    var bitmap = try Bitmap(width: width, height: height)
    bitmap.draw(scale: scale, background: background, body)
    return bitmap
}

/// Whether two colour components are within `tolerance` (default: one 8-bit step and a bit).
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1.5 / 255) -> Bool {
    abs(a - b) <= tolerance
}

/// Light grey and white stripes, a backdrop that shows what is transparent or blended.
func drawStripes(_ context: inout GraphicsContext, size: CGSize, color: Color = Color(white: 0.75)) {
    var x: CGFloat = 0
    while x < size.width {
        context.fill(Path(CGRect(x: x, y: 0, width: 4, height: size.height)), with: .color(color))
        x += 8
    }
}
