import CCairo
import FlipbookRaster
import Foundation

// A Lottie frame that lands on whole pixels of the bitmap, one frame pixel each, drawn without the
// bitmap of its own that `draw(_:in:frame:)` otherwise makes and composites: straight into the bitmap
// where rlottie may clear what it covers, or through the renderer's reused buffer, copied (over
// transparent pixels) or composited (by Cairo, over anything else) only where it has ink. Each gives
// the bytes the general path gives: compositing an image over pixels at an identity transform is a
// copy where they are transparent, and leaves them alone where the image is.

extension CairoCanvas {
    /// Draws `frame` of `animation`, `width` × `height` pixels filling `rect` under `transform` (the
    /// device transform), when that is whole pixels of the bitmap itself at one pixel each and this
    /// context's state allows a fast path at full opacity. Returns `false`, drawing nothing, otherwise.
    func drawOnWholePixels(_ animation: LottieAnimation, frame: Int, in rect: CGRect, transform m: CGAffineTransform,
                           width: Int, height: Int) throws -> Bool {
        guard allowsFastPath(Compositing(blendMode)), clampedOpacity >= 1, m.b == 0, m.c == 0,
              Double(m.a * rect.width) == Double(width), Double(m.d * rect.height) == Double(height),
              let cr = session.plannedContext, let target = cairo_get_group_target(cr), target == cairo_get_target(cr),
              let pixels = TargetPixels(target), pixels.offsetX == 0, pixels.offsetY == 0
        else { return false }
        let x = Double(m.a * rect.minX + m.tx), y = Double(m.d * rect.minY + m.ty)
        guard x >= 0, y >= 0, x + Double(width) <= Double(pixels.width), y + Double(height) <= Double(pixels.height),
              x.rounded() == x, y.rounded() == y
        else { return false }
        let left = Int(x), top = Int(y)
        let box = PixelRect(x: left, y: top, width: width, height: height)
        // rlottie clears `height` rows of the bitmap's row length from the box's first pixel: the rows of
        // the box and, when it does not start at the left edge, the start of the row below.
        let cleared = PixelRect(x: 0, y: top, width: pixels.width, height: height + (left > 0 ? 1 : 0))
        if left == 0 || top + height < pixels.height, session.isTransparent(cleared) {
            pixels.flush()
            let origin = pixels.data + top * pixels.rowBytes + 4 * left
            try animation.player.render(frame: frame, into: origin, width: width, height: height, bytesPerRow: pixels.rowBytes)
            pixels.markDirty(box)
            let ink = PixelInk(pixels: origin, width: width, height: height, rowBytes: pixels.rowBytes)
            for drawn in ink.rects(x: left, y: top) { session.markDirty(drawn) }
            return true
        }
        try animation.player.render(frame: frame, width: width, height: height) { buffer, bytesPerRow in
            let ink = PixelInk(pixels: buffer, width: width, height: height, rowBytes: bytesPerRow)
            let drawn = ink.rects(x: left, y: top)
            if session.isTransparent(box) {
                pixels.flush()
                ink.copy(from: buffer, sourceRowBytes: bytesPerRow, to: pixels, x: left, y: top)
                for rect in drawn { pixels.markDirty(rect) }
            } else {
                try composite(buffer, width: width, height: height, bytesPerRow: bytesPerRow, at: (left, top), over: drawn)
            }
            for rect in drawn { session.markDirty(rect) }
        }
        return true
    }

    /// Has Cairo composite the `width` × `height` pixels at `buffer` over the bitmap with their top-left
    /// at device pixel `origin`, within `rects`, source-over.
    private func composite(_ buffer: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, at origin: (Int, Int),
                           over rects: [PixelRect]) throws {
        guard !rects.isEmpty, let cr = session.cr,
              let w = Int32(exactly: width), let h = Int32(exactly: height), let stride = Int32(exactly: bytesPerRow)
        else { return }
        let data = UnsafeMutablePointer(mutating: buffer.assumingMemoryBound(to: UInt8.self))
        guard let image = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, w, h, stride) else {
            throw FlipbookError(.internal, "draw Lottie animation: Cairo made no image surface.")
        }
        defer { cairo_surface_destroy(image) }
        let status = cairo_surface_status(image)
        guard status == CAIRO_STATUS_SUCCESS else { throw FlipbookError.cairo(status, while: "draw Lottie animation") }
        session.apply(clip: nil)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_source_surface(cr, image, Double(origin.0), Double(origin.1))
        for rect in rects {
            cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        }
        cairo_fill(cr)
        // The buffer is the renderer's, drawn into again by the next frame: Cairo keeps no pattern of it.
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
    }
}
