import FlipbookDrawing
import Foundation

/// How a text scene's text is laid out at one moment: the canvas ``Text`` to draw (without its
/// fill), where, and how it fits.
struct TextArrangement: Sendable {
    /// The text at the chosen font size, with the scene's alignment, spacing and rules.
    var text: Text
    /// The box, top-left at the origin.
    var box: CGSize
    /// The rectangle to draw the text in; `nil` for a box of the text's natural size, where it is
    /// drawn from the origin.
    var rect: CGRect?
    var fit: TextScene.Fit
}

/// Everything that decides a text scene's layout, and the decisions: whether the text fits its box,
/// at which font scale.
struct TextLook: Sendable {
    var string: String
    var font: TextScene.FontStyle
    /// The family drawn with (the font file's when there is one); `nil` for the system family.
    var family: String?
    var alignment: TextAlignment
    var lineSpacing: Keyframed<Double>
    var tracking: Keyframed<Double>
    var size: Keyframed<CGSize>?
    var lineLimit: Int?
    var truncation: Text.TruncationMode?
    var minimumScaleFactor: Double

    /// Whether nothing about the layout changes over time (the fill may).
    var isConstant: Bool {
        font.size.constantValue != nil && lineSpacing.constantValue != nil && tracking.constantValue != nil
            && (size.map { $0.constantValue != nil } ?? true)
    }

    /// The times at which the layout is checked: every keyframe of what it depends on (once when
    /// nothing changes). Between keyframes values move linearly, so the font size and the box reach
    /// their extremes at these times.
    var layoutTimes: [TimeInterval] {
        let times = font.size.keyTimes + lineSpacing.keyTimes + tracking.keyTimes + (size?.keyTimes ?? [])
        return Array(Set(times)).sorted()
    }

    /// Whether a text too large for its box may be cut to fit.
    private var mayTruncate: Bool { lineLimit != nil || truncation != nil }

    /// The canvas text at `fontSize` points, with the rules that apply in the box.
    func canvasText(at time: TimeInterval, fontSize: CGFloat) -> Text {
        var font: Font = family.map { .custom($0, size: fontSize).weight(self.font.weight) }
            ?? .system(size: fontSize, weight: self.font.weight, design: self.font.design)
        if self.font.italic { font = font.italic() }
        return Text(string).font(font)
            .tracking(CGFloat(tracking.value(at: time)))
            .lineSpacing(CGFloat(lineSpacing.value(at: time)))
            .multilineTextAlignment(alignment)
            .lineLimit(lineLimit)
            .truncationMode(truncation ?? .tail)
    }

    /// The layout at `time`. With `failingAt` (the scene's key path) a text that cannot fit its box
    /// and may not be cut is an error; without it, it is drawn cut at the box's height.
    func arrangement(at time: TimeInterval, failingAt keyPath: String?) throws -> TextArrangement {
        let fontSize = CGFloat(font.size.value(at: time))
        guard let box = size?.value(at: time) else {
            let text = canvasText(at: time, fontSize: fontSize)
            let natural = try text.layoutMetrics(in: CGSize(width: CGFloat.infinity, height: .infinity))
            let fit = TextScene.Fit(box: natural.size, fontSize: fontSize, scale: 1, textSize: natural.size,
                                    lineCount: natural.lineCount, isTruncated: false)
            return TextArrangement(text: text, box: natural.size, rect: nil, fit: fit)
        }
        // The text wrapped to the box's width with no limit on its lines: what it needs.
        func needs(_ scale: Double) throws -> TextLayoutMetrics {
            try canvasText(at: time, fontSize: fontSize * CGFloat(scale)).lineLimit(nil)
                .layoutMetrics(in: CGSize(width: box.width, height: .infinity))
        }
        func fitsDrawn(_ metrics: TextLayoutMetrics) -> Bool {
            metrics.size.width <= box.width && metrics.size.height <= box.height
                && (lineLimit.map { metrics.lineCount <= $0 } ?? true)
        }
        // Shrinking keeps words whole where it can, as SwiftUI does, rather than breaking one.
        func fits(_ metrics: TextLayoutMetrics) -> Bool { fitsDrawn(metrics) && !metrics.breaksWithinWord }
        func largestScale(where fits: (TextLayoutMetrics) -> Bool) throws -> Double? {
            try ShrinkToFit.largestScale(minimum: minimumScaleFactor) { fits(try needs($0)) }
        }
        // Words whole if a scale allows it, else the lines within the box, else as small as allowed.
        let scale = try largestScale(where: fits) ?? largestScale(where: fitsDrawn) ?? minimumScaleFactor
        // A word wider than the box is broken between characters when drawn; only what the box's
        // height (or the line limit) would cut needs a rule.
        if let keyPath, !mayTruncate {
            let needed = try needs(scale)
            if !fitsDrawn(needed) { throw overflow(box: box, needed: needed, time: time, keyPath: keyPath) }
        }
        let text = canvasText(at: time, fontSize: fontSize * CGFloat(scale))
        let drawn = try text.layoutMetrics(in: box)
        // In the middle of the box's height, as a SwiftUI frame places its text; the rectangle keeps
        // at least the drawn text's height, so the text is cut exactly as measured.
        let top = max((box.height - drawn.size.height) / 2, 0)
        let fit = TextScene.Fit(box: box, fontSize: fontSize * CGFloat(scale), scale: scale, textSize: drawn.size,
                                lineCount: drawn.lineCount, isTruncated: drawn.isTruncated)
        return TextArrangement(text: text, box: box, rect: CGRect(x: 0, y: top, width: box.width, height: box.height - top),
                               fit: fit)
    }

    /// "text does not fit its box of 320×80 points: it needs 3 lines (130 points); …".
    private func overflow(box: CGSize, needed: TextLayoutMetrics, time: TimeInterval, keyPath: String) -> FlipbookError {
        let path = joinKeyPath(keyPath, "text")
        let boxText = "\(formatNumber(Double(box.width)))×\(formatNumber(Double(box.height))) points"
        let when = isConstant ? "" : " at \(formatNumber(time)) second\(time == 1 ? "" : "s")"
        let shrunk = minimumScaleFactor < 1 ? " even at the minimumScaleFactor \(formatNumber(minimumScaleFactor))" : ""
        let lines = needed.lineCount == 1 ? "1 line" : "\(needed.lineCount) lines"
        let tooWide = needed.size.width > box.width ? " and \(formatNumber(Double(needed.size.width.rounded(.up)))) points of width" : ""
        let remedy = minimumScaleFactor < 1
            ? "give a larger size, a lineLimit with truncation, or a smaller minimumScaleFactor."
            : "give a larger size, a lineLimit with truncation, or a minimumScaleFactor."
        return FlipbookError(
            invalid: path,
            "does not fit its box of \(boxText)\(when)\(shrunk): it needs \(lines) "
                + "(\(formatNumber(Double(needed.size.height.rounded(.up)))) points)\(tooWide); \(remedy)",
            at: FlipbookError.Location(keyPath: path))
    }
}
