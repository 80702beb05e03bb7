/// A picture's premultiplied ARGB32 pixels as the conversions to video read them, lent for the length
/// of one call: by a bitmap when it is handed to an encoder, and band by band while it is drawn (the
/// drawing layer's `Bitmap.bandFinished`).
///
/// In memory each pixel is a native-endian 32-bit word `0xAARRGGBB` (bytes B, G, R, A on
/// little-endian machines), the colour channels premultiplied by alpha.
package struct FramePixels {
    /// The first pixel; rows are `bytesPerRow` apart.
    package let pixels: UnsafeRawPointer
    package let bytesPerRow: Int
    package let width: Int
    package let height: Int
    /// The value every pixel outside ``dirtyTiles`` holds, when known (the picture was cleared to it);
    /// `nil` when the contents are not known.
    package let clearPixel: UInt32?
    /// Every tile drawn since that clear.
    package let dirtyTiles: DirtyTiles

    package init(pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int, clearPixel: UInt32?,
                 dirtyTiles: DirtyTiles) {
        self.pixels = pixels
        self.bytesPerRow = bytesPerRow
        self.width = width
        self.height = height
        self.clearPixel = clearPixel
        self.dirtyTiles = dirtyTiles
    }

    /// Calls `body` with the pixel bytes (`bytesPerRow × height` of them) and the row stride in bytes.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pixels, count: bytesPerRow * height), bytesPerRow)
    }
}
