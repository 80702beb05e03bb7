/// A bitmap's pixels as a band of them becomes final at the end of a drawing (see
/// ``Bitmap/bandFinished``): valid only during that call.
package struct BandPixels {
    /// The premultiplied pixels (see ``Bitmap``), `bytesPerRow` apart.
    package let pixels: UnsafeRawPointer
    package let bytesPerRow: Int
    package let width: Int
    package let height: Int
    /// The colour the bitmap was cleared to, where it is known (see ``Bitmap/clearPixel``).
    package let clearPixel: UInt32?
    /// Every tile drawn since that clear (see ``Bitmap/dirtyTiles``).
    package let dirtyTiles: DirtyTiles

    init(_ storage: SurfaceStorage) {
        pixels = UnsafeRawPointer(storage.pixels)
        bytesPerRow = storage.stride
        width = storage.width
        height = storage.height
        clearPixel = storage.cleared?.pixel
        dirtyTiles = storage.dirty
    }
}
