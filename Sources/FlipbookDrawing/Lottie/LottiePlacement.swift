import FlipbookRaster
import Foundation

/// Where rlottie draws a Lottie frame straight into a bitmap's pixels, for a rectangle on the device.
///
/// rlottie draws into whole pixels, fitting the animation into them with its aspect kept and centred.
/// A device rectangle on whole pixels is drawn into exactly (the box the general path would draw, at
/// one pixel each). One with fractional edges is drawn into the whole pixels around it when rlottie's
/// own fit of those pixels puts the animation exactly there: the rectangle has the animation's aspect
/// and one side on whole pixels, and is centred on a half-pixel along the other, as a rectangle fitted
/// and centred in a frame is. rlottie then draws the animation at its fractional position, as it would
/// into that frame, rather than an image of it resampled; the few pixels it may reach beyond the
/// rectangle on that axis are within one pixel of it.
enum LottiePlacement {
    /// How far, in device pixels, a coordinate may be from a whole pixel and count as on it.
    static let tolerance = 1e-6

    /// The pixels rlottie is given for `device`: the box itself when it is on whole pixels and is
    /// `width × height` (the size the general path draws the frame at), or else the fitted pixels
    /// around it for an animation of `size`; `nil` when neither applies.
    static func pixels(for device: CGRect, width: Int, height: Int, size: CGSize) -> PixelRect? {
        guard device.width > 0, device.height > 0, size.width > 0, size.height > 0 else { return nil }
        let x = whole(device.minX), y = whole(device.minY), w = whole(device.width), h = whole(device.height)
        if let x, let y, w == width, h == height { return PixelRect(x: x, y: y, width: width, height: height) }
        // The animation's aspect, or rlottie's fit would not fill the rectangle.
        let across = Double(device.width) * Double(size.height), down = Double(device.height) * Double(size.width)
        guard abs(across - down) <= tolerance * max(across, down) else { return nil }
        if let y, let h, let (left, wide) = centred(start: Double(device.minX), length: Double(device.width)) {
            return PixelRect(x: left, y: y, width: wide, height: h)
        }
        if let x, let w, let (top, high) = centred(start: Double(device.minY), length: Double(device.height)) {
            return PixelRect(x: x, y: top, width: w, height: high)
        }
        return nil
    }

    /// `value` as a whole number of pixels, when it is one within ``tolerance``.
    private static func whole(_ value: CGFloat) -> Int? {
        let rounded = Double(value).rounded()
        guard abs(Double(value) - rounded) <= tolerance else { return nil }
        return Int(exactly: rounded)
    }

    /// The whole pixels from the one `start` falls in, centred where `start ..< start + length` is:
    /// their first and count, when that centre is on a half-pixel.
    private static func centred(start: Double, length: Double) -> (Int, Int)? {
        let first = (start + tolerance).rounded(.down)
        guard let count = whole(CGFloat(length + 2 * (start - first))), let origin = Int(exactly: first) else { return nil }
        return (origin, count)
    }
}
