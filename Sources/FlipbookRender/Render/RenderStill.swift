import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// Renders the picture at `time` to a still image: PNG, PDF or SVG, chosen by the file's extension
/// (case-insensitive).
///
/// A PNG is `pixelWidth × pixelHeight` pixels (the timeline's scale applies) and keeps transparency
/// where the timeline has no background. PDF and SVG pages are the timeline's size in points and keep
/// shapes as vectors; what has no vector form (a filtered group) is rasterized at the timeline's scale,
/// with the pixels the PNG would have; so is a picture with motion blur, whose sub-frames are drawn on
/// every core. The file is written atomically: on failure nothing is left at `url`, and a file
/// already there is kept.
///
/// - Parameters:
///   - timeline: What to draw; validated first.
///   - time: Seconds from the start of the timeline: from 0 up to (not including) its duration.
///   - url: The still to write.
///   - pngCompression: A PNG's compression level, zlib's (``Bitmap/pngCompressionRange``).
///   - cancellation: Stops the render before the file is written, as cancelling the Swift task does.
/// - Throws: ``FlipbookError`` for an invalid timeline, a time outside the clip (key path `time`,
///   naming the clip's length), an unknown extension, a drawing problem, a file that cannot be
///   written, or a cancellation (kind `.interrupted`).
public func renderStill(
    _ timeline: Timeline, at time: TimeInterval, to url: URL, pngCompression: Int = Bitmap.defaultPNGCompression,
    cancellation: RenderCancellation? = nil
) throws {
    let format = try OutputKind(url: url, expected: .still)
    guard case .still(let still) = format else { throw FlipbookError.internal("a still's kind resolved to a clip") }
    try timeline.validate()
    try checkStillTime(time, in: timeline)
    if !Bitmap.pngCompressionRange.contains(pngCompression) {
        throw Setting.pngCompression.mustBe(Bitmap.pngCompressionRange.requirementText, itIs: String(pngCompression))
    }
    try writeStill(timeline, at: time, to: url, format: still, pngCompression: pngCompression, cancellation: cancellation)
}

/// Writes the still `format` of `timeline` at `time` to `url`; the timeline, time and kind were
/// checked and resolved before (``renderStill(_:at:to:pngCompression:cancellation:)`` or a plan).
func writeStill(
    _ timeline: Timeline, at time: TimeInterval, to url: URL, format: StillFormat,
    pngCompression: Int = Bitmap.defaultPNGCompression, cancellation: RenderCancellation?
) throws {
    let what = "Cannot render a still to \(url.path)"
    func checkCancellation() throws {
        if Task.isCancelled { throw FlipbookError.interrupted(what, reason: .cancelled) }
        try cancellation?.checkCancellation(what)
    }
    try checkCancellation()
    if let vector = format.vectorFormat {
        try writeVectorStill(timeline, at: time, to: url, format: vector)
        return
    }
    var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
    do {
        try drawPicture(timeline, at: time, into: &bitmap)
    } catch let issue as FlipbookError {
        throw FlipbookError(issue.kind, "\(what): drawing the frame at t = \(time) s failed: \(issue.message)")
    }
    try checkCancellation()
    try bitmap.writePNG(to: url, compression: pngCompression)
}

/// Throws unless `time` is inside the clip: from 0 up to (not including) its duration, so that a
/// still never shows an empty canvas past the end. The error's key path is `time`.
public func checkStillTime(_ time: TimeInterval, in timeline: Timeline) throws {
    guard time.isFinite, time >= 0 else {
        throw FlipbookError(
            invalid: "The time", "must be a number of seconds from 0; it is \(formatNumber(time)).",
            at: .init(keyPath: "time"))
    }
    guard time < timeline.duration else {
        let last = timeline.time(ofFrame: max(timeline.frameCount - 1, 0))
        throw FlipbookError(
            invalid: "The time",
            "\(formatNumber(time)) is past the end of the \(formatNumber(timeline.duration)) s clip "
                + "(last frame at \(String(format: "%.3f", last)) s).",
            at: .init(keyPath: "time"))
    }
}

private func writeVectorStill(_ timeline: Timeline, at time: TimeInterval, to url: URL, format: Bitmap.VectorFormat) throws {
    // A blurred picture is an average of pixels: it has no vector form, so the page holds it as an image.
    if timeline.subframeCount > 1 {
        var picture = try timeline.makeBitmap()
        try drawPicture(timeline, at: time, into: &picture)
        try Bitmap.writeVector(to: url, format: format, size: timeline.size, rasterScale: timeline.scale,
                               environment: timeline.environment) { context, size in
            context.draw(picture, in: CGRect(origin: .zero, size: size))
        }
        return
    }
    try Bitmap.writeVector(to: url, format: format, size: timeline.size, rasterScale: timeline.scale,
                           environment: timeline.environment) { context, size in
        if let background = timeline.background {
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(background))
        }
        timeline.drawLayers(in: &context, size: size, time: time)
    }
}
