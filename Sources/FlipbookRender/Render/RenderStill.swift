import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// Renders the picture at `time` to a still image: PNG, PDF or SVG, chosen by the file's extension
/// (case-insensitive).
///
/// A PNG is `pixelWidth × pixelHeight` pixels (the timeline's scale applies) and keeps transparency
/// where the timeline has no background. PDF and SVG pages are the timeline's size in points and keep
/// shapes as vectors. The file is written atomically: on failure nothing is left at `url`, and a file
/// already there is kept.
///
/// - Throws: ``FlipbookError`` for an invalid timeline or time, an unknown extension, a drawing
///   problem, or a file that cannot be written.
public func renderStill(_ timeline: Timeline, at time: TimeInterval, to url: URL) throws {
    try timeline.validate()
    guard time.isFinite else {
        throw FlipbookError.invalidInput("Cannot render a still to \(url.path): the time must be finite; it is \(time).")
    }
    switch url.pathExtension.lowercased() {
    case "png":
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        timeline.draw(at: time, into: &bitmap)
        if let issue = bitmap.drawingIssue {
            throw FlipbookError(issue.kind,
                "Cannot render a still to \(url.path): drawing the frame at t = \(time) s failed: \(issue.message)")
        }
        try bitmap.writePNG(to: url)
    case "pdf":
        try writeVectorStill(timeline, at: time, to: url, format: .pdf)
    case "svg":
        try writeVectorStill(timeline, at: time, to: url, format: .svg)
    default:
        let shown = url.pathExtension.isEmpty ? "no extension" : "the extension \".\(url.pathExtension)\""
        throw FlipbookError.invalidInput(
            "Cannot render a still to \(url.path): \(shown) is not a still format; use .png, .pdf or .svg.")
    }
}

private func writeVectorStill(_ timeline: Timeline, at time: TimeInterval, to url: URL, format: Bitmap.VectorFormat) throws {
    try Bitmap.writeVector(to: url, format: format, size: timeline.size) { context, size in
        if let background = timeline.background {
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(background))
        }
        timeline.drawLayers(in: &context, size: size, time: time)
    }
}
