import FlipbookRaster
import Foundation

/// A symbol rasterised at one scale: its content's pixels inside a transparent border of ``padding``,
/// which makes the image fade out at its edges and lets ``FastImage`` draw it.
final class SymbolRaster {
    /// One pixel: the outermost ring must be transparent for ``FastImage``.
    static let padding = 1
    /// The largest side of a raster, padding included; larger symbols are rasterised at a lower
    /// scale and stretched when drawn.
    static let largestSide = 4096

    let bitmap: Bitmap
    /// The content's extent in raster pixels (its size in points × the raster's scale).
    let contentWidth: Double, contentHeight: Double
    /// The raster for ``FastImage``; `nil` when ink touches its border (then Cairo draws it).
    let fastSource: FastImage.Source?

    init(bitmap: Bitmap, contentWidth: Double, contentHeight: Double) {
        self.bitmap = bitmap
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
        fastSource = FastImage.Source(bitmap.storage.surface)
    }
}
