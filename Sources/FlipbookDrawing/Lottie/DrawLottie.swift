import Foundation

extension CairoCanvas {
    /// Draws the frame of `animation` shown at `time` seconds from its first frame, stretched to fill
    /// `rect` (in user space), with this context's transform, opacity, blend mode, clip and filters.
    ///
    /// The time maps to a whole frame (``LottieAnimation/frame(at:)``: `floor(time × frameRate)`); rlottie
    /// draws it at the pixels the rectangle covers on the device, and the frame is then drawn as an image.
    /// With the normal blend mode, full opacity, no clip and no filter, on a bitmap, there is no image
    /// where rlottie can draw onto the bitmap's own pixels: a rectangle on whole pixels at one image
    /// pixel each, or one with the animation's aspect fitted and centred as in a frame (one side on
    /// whole pixels, the other centred on a half-pixel), which rlottie then draws at its fractional
    /// position rather than resampled. It draws straight into the bitmap when the rows it clears are
    /// transparent, or else into a buffer its worker reuses, copied or composited over only where it drew.
    public func draw(_ animation: LottieAnimation, in rect: CGRect, at time: TimeInterval) {
        draw(animation, in: rect, frame: animation.frame(at: time))
    }

    /// Draws frame `frame` of `animation` (0 is its first; clamped to its frames) stretched to fill `rect`.
    public func draw(_ animation: LottieAnimation, in rect: CGRect, frame: Int) {
        guard let matrix = prepare("draw Lottie animation", rect: rect) else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, isVisible else { return }
        let m = CGAffineTransform(matrix)
        // The pixels per point of the animation on the device, the larger of its two axes, so the frame
        // is drawn no coarser than it shows; 1:1 under an identity transform at its natural size.
        let scaleX = (m.a * m.a + m.b * m.b).squareRoot() * r.width / animation.size.width
        let scaleY = (m.c * m.c + m.d * m.d).squareRoot() * r.height / animation.size.height
        var scale = max(scaleX, scaleY)
        let largest = Double(Bitmap.maximumDimension)
        scale = min(scale, largest / animation.size.width, largest / animation.size.height)
        let pixelsWide = (animation.size.width * scale - 1e-9).rounded(.up)
        let pixelsHigh = (animation.size.height * scale - 1e-9).rounded(.up)
        guard let width = Int(exactly: pixelsWide), let height = Int(exactly: pixelsHigh),
              Bitmap.fits(width: width, height: height) else { return }
        let frame = min(max(frame, 0), animation.frameCount - 1)
        do {
            if try drawOnWholePixels(animation, frame: frame, in: r, transform: m, width: width, height: height) { return }
            var bitmap = try Bitmap(width: width, height: height)
            try bitmap.withUnsafeMutableBytes { bytes, bytesPerRow in
                guard let base = bytes.baseAddress else { return }
                try animation.player.render(frame: frame, into: base, width: width, height: height, bytesPerRow: bytesPerRow)
            }
            draw(bitmap, in: r)
        } catch let error as FlipbookError {
            session.record(error)
        } catch {
            session.record(FlipbookError(.internal, "draw Lottie animation: \(error)"))
        }
    }
}
