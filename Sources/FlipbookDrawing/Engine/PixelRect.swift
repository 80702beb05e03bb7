/// A rectangle of whole device pixels, `x ..< x + width` by `y ..< y + height`: what a fast path
/// drew into, so the session can mark those tiles dirty.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// Nothing drawn.
    static let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
}
