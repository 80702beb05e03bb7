/// A rectangle of whole device pixels, `x ..< x + width` by `y ..< y + height`: what a fast path
/// drew into, so the session can mark those tiles dirty.
package struct PixelRect: Equatable {
    package var x: Int, y: Int, width: Int, height: Int

    @inlinable
    package init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// Nothing drawn.
    package static let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
}
