import CCairo
import FlipbookRaster

// Motion blur's sub-frames: each is drawn into a bitmap and added to the frame's sum; the frame is
// their average (``SubframeSum``).

extension Bitmap {
    /// Adds the bitmap's pixels to `sum` (the same size) and returns how many sub-frames it now holds.
    @discardableResult
    package func add(to sum: SubframeSum) -> Int {
        withFramePixels { sum.add($0) }
    }

    /// Replaces the pixels by the average `sum` holds (the same size). Only the tiles some sub-frame
    /// drew are written (``SubframeSum/tiles``); they become the bitmap's dirty tiles when the rest of
    /// it already holds the sub-frames' clear pixel, as in the bitmap that drew the last sub-frame, so
    /// the conversion to video converts only them. A failure to own the pixels (out of memory) is kept
    /// in ``drawingIssue``, as drawing keeps its problems.
    package mutating func setAverage(of sum: SubframeSum) {
        do {
            try makeUnique()
        } catch {
            if drawingIssue == nil { drawingIssue = error as? FlipbookError }
            return
        }
        let storage = self.storage
        let drawn = sum.tiles
        cairo_surface_flush(storage.surface)
        defer { cairo_surface_mark_dirty(storage.surface) }
        if let clear = sum.clearPixel {
            // Tiles no sub-frame drew average to the clear pixel.
            if storage.cleared?.pixel == clear {
                storage.targetPixels.fill(storage.dirty.subtracting(drawn), with: clear)
                storage.dirty = drawn
            } else {
                var every = DirtyTiles(width: width, height: height)
                every.markAll()
                storage.targetPixels.fill(every.subtracting(drawn), with: clear)
                storage.cleared = nil
                storage.dirty = every
            }
        } else {
            storage.cleared = nil
            storage.dirty.markAll()
        }
        sum.writeAverage(into: UnsafeMutableRawBufferPointer(start: storage.pixels, count: storage.byteCount),
                         bytesPerRow: storage.stride)
    }

    /// Draws `count` sub-frames into this bitmap, one after another (`drawSubframe` is given each
    /// index in turn and replaces the whole picture), and leaves their average. With a count of 1 it
    /// is that one drawing. The first drawing problem is kept in ``drawingIssue``.
    package mutating func drawAverage(of count: Int, _ drawSubframe: (inout Bitmap, Int) -> Void) {
        guard count > 1 else {
            drawSubframe(&self, 0)
            return
        }
        let sum = SubframeSum(width: width, height: height, count: count)
        var issue: FlipbookError?
        for index in 0..<sum.count {
            drawSubframe(&self, index)
            if issue == nil { issue = drawingIssue }
            add(to: sum)
        }
        setAverage(of: sum)
        if drawingIssue == nil { drawingIssue = issue }
    }
}
