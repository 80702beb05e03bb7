import CCairo
import FlipbookRaster
import Foundation

// A Lottie frame that rlottie can draw onto pixels of the bitmap itself (``LottiePlacement``), drawn
// without the bitmap of its own that `draw(_:in:frame:)` otherwise makes and composites: straight into
// the bitmap where the rows rlottie clears are transparent (or still to be cleared: their clear is left
// to rlottie's), or through the renderer's reused buffer, copied (over transparent pixels) or
// composited (by Cairo, over anything else) only where it has ink. On whole pixels each gives the bytes
// the general path gives: compositing an image over pixels at an identity transform is a copy where
// they are transparent, and leaves them alone where the image is.

extension CairoCanvas {
    /// Draws `frame` of `animation` filling `rect` under `transform` (the device transform) when rlottie
    /// can draw it straight onto pixels of the bitmap itself (``LottiePlacement``; `width` × `height`
    /// is the size the general path would draw it at) and this context's state allows a fast path at
    /// full opacity. Returns `false`, drawing nothing, otherwise.
    func drawOnWholePixels(_ animation: LottieAnimation, frame: Int, in rect: CGRect, transform m: CGAffineTransform,
                           width generalWidth: Int, height generalHeight: Int) throws -> Bool {
        guard allowsFastPath(Compositing(blendMode)), clampedOpacity >= 1, m.b == 0, m.c == 0, m.a > 0, m.d > 0,
              let cr = session.contextBeforeClear, let target = cairo_get_group_target(cr), target == cairo_get_target(cr),
              let pixels = TargetPixels(target), pixels.offsetX == 0, pixels.offsetY == 0
        else { return false }
        let device = CGRect(x: m.a * rect.minX + m.tx, y: m.d * rect.minY + m.ty, width: m.a * rect.width, height: m.d * rect.height)
        guard let box = LottiePlacement.pixels(for: device, width: generalWidth, height: generalHeight, size: animation.size),
              box.x >= 0, box.y >= 0, box.width <= pixels.width - box.x, box.height <= pixels.height - box.y
        else { return false }
        let left = box.x, top = box.y, width = box.width, height = box.height
        // rlottie zeroes `height` rows' worth of bytes from the box's first pixel: the rows of the box
        // and, when it does not start at the left edge, the start of the row below, which past the
        // last row is the bitmap's spare row when it has one.
        let zeroed = PixelRect(x: 0, y: top, width: pixels.width, height: height + (left > 0 ? 1 : 0))
        let fits = left == 0 || top + height < pixels.height || SpareRow.bytes(after: target) >= 4 * left
        if fits, session.isTransparent(zeroed) {
            // The frame's pending clear of the bytes rlottie zeroes is left to it.
            let first = top * pixels.rowBytes + 4 * left
            session.writeClear(except: first..<(first + height * pixels.rowBytes))
            pixels.flush()
            let origin = pixels.data + first
            try animation.player.render(frame: frame, into: origin, width: width, height: height, bytesPerRow: pixels.rowBytes)
            pixels.markDirty(box)
            session.markDirty(box)
            return true
        }
        session.writeClear()
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
        guard !rects.isEmpty, let cr = session.flushedContext(),
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
