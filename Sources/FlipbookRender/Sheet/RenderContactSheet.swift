import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// Renders a contact sheet of `timeline` (see ``ContactSheet``) to `url`: a PNG, or a PDF or SVG whose
/// tiles are vectors (a blurred timeline's tiles are pictures), chosen by the file's extension.
///
/// Each tile is the timeline drawn at its tile's time at the scale that makes it
/// ``ContactSheet/tileWidth`` pixels wide: in a PNG, exactly the pixels `renderStill` writes at that
/// time and scale. Tiles are drawn on every core; the sheet is white, each tile framed by a grey
/// hairline with its label under it (frames without a background show over the white). The file is written atomically.
///
/// - Throws: ``FlipbookError``: invalid input naming `grid`, `every`, `columns` or `tileWidth` (see
///   ``ContactSheet/tiles(of:)``), or a sheet too large for one picture; an output that is not a
///   still's extension; a drawing problem, or a file that cannot be written.
public func renderContactSheet(_ timeline: Timeline, sheet: ContactSheet = ContactSheet(), to url: URL) throws {
    let format = try OutputKind(url: url, expected: .still)
    guard case .still(let still) = format else { throw FlipbookError.internal("a sheet's kind resolved to a clip") }
    try timeline.validate()
    let tiles = try sheet.tiles(of: timeline)
    var tileTimeline = timeline
    tileTimeline.scale = CGFloat(sheet.tileWidth) / timeline.size.width
    do {
        try tileTimeline.validate()
    } catch let error as FlipbookError {
        throw FlipbookError(invalid: "tileWidth", "\(sheet.tileWidth) pixels makes a tile the clip cannot be drawn at: \(error.message)",
                            at: .init(keyPath: "tileWidth"))
    }
    let layout = ContactSheetLayout(tileWidth: tileTimeline.pixelWidth, tileHeight: tileTimeline.pixelHeight,
                                    columns: sheet.columns, tileCount: tiles.count)
    guard let size = layout.size, Bitmap.fits(width: size.width, height: size.height) else {
        throw FlipbookError(invalid: "The sheet", "of \(tiles.count) tiles \(sheet.tileWidth) pixels wide is too large: "
                                + "a sheet must be \(Timeline.pixelRequirement); use a smaller tileWidth or fewer tiles.")
    }
    let what = "Cannot write the contact sheet \(url.path)"
    do {
        if let vector = still.vectorFormat {
            try writeVectorSheet(tileTimeline, tiles: tiles, layout: layout, to: url, format: vector)
        } else {
            let pictures = try drawTiles(tileTimeline, tiles: tiles)
            var bitmap = try Bitmap(width: size.width, height: size.height)
            bitmap.draw(scale: 1, background: .white, environment: timeline.environment) { context, _ in
                for (index, picture) in pictures.enumerated() {
                    drawFrame(around: layout.tileRect(index), in: context)
                    context.draw(picture, in: layout.tileRect(index))
                    drawLabel(tiles[index].label, at: layout.labelCenter(index), in: context)
                }
            }
            try bitmap.writePNG(to: url)
        }
    } catch let error as FlipbookError where error.kind != .invalidInput {
        throw FlipbookError(error.kind, error.message.hasPrefix("Cannot") ? error.message : "\(what): \(error.message)")
    }
}

/// The tiles' pictures, drawn on every core.
private func drawTiles(_ timeline: Timeline, tiles: [ContactSheet.Tile]) throws -> [Bitmap] {
    let store = TileStore(count: tiles.count)
    let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, tiles.count))
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
        for index in stride(from: worker, to: tiles.count, by: threads) {
            do {
                var picture = try timeline.makeBitmap()
                try drawPicture(timeline, at: tiles[index].time, into: &picture, workers: 1)
                store.set(index, .success(picture))
            } catch {
                store.set(index, .failure(error as? FlipbookError ?? FlipbookError(.internal, "\(error)")))
            }
        }
    }
    return try store.pictures()
}

/// The tiles drawn so far, by index.
private final class TileStore: @unchecked Sendable {
    // @unchecked: `results` is touched only with `lock` held.
    private let lock = NSLock()
    private var results: [Result<Bitmap, FlipbookError>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Bitmap, FlipbookError>) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    /// Every picture in order, or the first tile's failure.
    func pictures() throws -> [Bitmap] {
        lock.lock()
        defer { lock.unlock() }
        return try results.map { result in
            guard let result else { throw FlipbookError.internal("a contact sheet tile was not drawn") }
            return try result.get()
        }
    }
}

/// A hairline just outside a tile, so a white frame shows on the white sheet; the tile's own pixels
/// are untouched.
private func drawFrame(around rect: CGRect, in context: CairoCanvas) {
    context.stroke(Path(rect.insetBy(dx: -0.5, dy: -0.5)), with: .color(Color(white: 0.8)), lineWidth: 1)
}

/// A tile's label, centred under it.
private func drawLabel(_ label: String, at center: CGPoint, in context: CairoCanvas) {
    context.draw(Text(label).font(.system(size: ContactSheetLayout.labelFontSize)).foregroundColor(Color(white: 0.25)),
                 at: center)
}

/// A PDF or SVG sheet: each tile the timeline's layers as vectors, clipped to the tile.
private func writeVectorSheet(_ timeline: Timeline, tiles: [ContactSheet.Tile], layout: ContactSheetLayout, to url: URL,
                              format: Bitmap.VectorFormat) throws {
    let pageSize = CGSize(width: layout.size?.width ?? 1, height: layout.size?.height ?? 1)
    // A blurred picture is an average of pixels: its tiles are pictures.
    let pictures = timeline.subframeCount > 1 ? try drawTiles(timeline, tiles: tiles) : nil
    try Bitmap.writeVector(to: url, format: format, size: pageSize, rasterScale: 2, environment: timeline.environment) { context, size in
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
        for (index, tile) in tiles.enumerated() {
            let rect = layout.tileRect(index)
            drawFrame(around: rect, in: context)
            if let pictures {
                context.draw(pictures[index], in: rect)
            } else {
                var inner = context
                inner.translateBy(x: rect.minX, y: rect.minY)
                inner.clip(to: Path(CGRect(origin: .zero, size: rect.size)))
                inner.scaleBy(x: timeline.scale, y: timeline.scale)
                if let background = timeline.background {
                    inner.fill(Path(CGRect(origin: .zero, size: timeline.size)), with: .color(background))
                }
                timeline.drawLayers(in: &inner, size: timeline.size, time: tile.time)
            }
            drawLabel(tile.label, at: layout.labelCenter(index), in: context)
        }
    }
}
