import FlipbookDrawing
import Foundation

/// One page laid out: the text to draw (without its colour), where, and where each word landed.
struct CaptionPageLayout: Sendable {
    /// The page's words (joined by spaces and its lines' breaks), at the font size chosen.
    var text: Text
    /// The rectangle the text is drawn in, in the canvas's points.
    var rect: CGRect
    /// Per word, its boxes (one per line it lies on), in the canvas's points.
    var wordBoxes: [[CGRect]]
    /// The font size drawn at.
    var fontSize: CGFloat
    /// Whether the page is one word too large for the box even at the smallest scale, drawn cut at
    /// the box (clipped to it, without pop's overshoot).
    var isCut: Bool

    /// The part of the page a word's drawing is clipped to: its boxes widened by ``CaptionLook/wordMargin``
    /// on each side, so the glyphs' overhang is kept and the neighbours' is not.
    func clipBoxes(ofWord index: Int) -> [CGRect] {
        wordBoxes[index].map { $0.insetBy(dx: -CaptionLook.wordMargin * fontSize, dy: 0) }
    }

    /// The pill behind a spoken word's boxes.
    func pillBoxes(ofWord index: Int) -> [CGRect] {
        wordBoxes[index].map { $0.insetBy(dx: -CaptionLook.pillPadding * fontSize, dy: 0) }
    }
}

/// Everything that decides how a captions page is laid out, and the layout of each page.
struct CaptionLook: Sendable {
    var box: CGRect
    var font: TextScene.FontStyle
    /// The family drawn with (the font file's when there is one); `nil` for the system family.
    var family: String?
    var alignment: TextAlignment
    var lineLimit: Int
    var minimumScaleFactor: Double
    /// The largest scale a word is drawn at while it pops in (1 for the other styles).
    var popPeak: Double
    /// Whether the spoken word has a pill behind it.
    var hasPill: Bool

    /// A word's clip reaches this fraction of the font size past its box on each side: less than half
    /// a space, more than any glyph's overhang.
    static let wordMargin: CGFloat = 0.12
    /// A pill reaches this fraction of the font size past its word on each side.
    static let pillPadding: CGFloat = 0.2
    /// A pill's corner radius, as a fraction of the font size (at most half its height).
    static let pillCornerRadius: CGFloat = 0.3
    /// The points kept between the glyphs' ink and the box's edge, for antialiasing's spill.
    static let inkPadding: CGFloat = 1

    /// The canvas text of `string` at `fontSize` points.
    func text(_ string: String, fontSize: CGFloat) -> Text {
        var drawn: Font = family.map { .custom($0, size: fontSize).weight(font.weight) }
            ?? .system(size: fontSize, weight: font.weight, design: font.design)
        if font.italic { drawn = drawn.italic() }
        return Text(string).font(drawn).multilineTextAlignment(alignment)
    }

    /// `page` laid out, as one page if it fits the box at some scale and otherwise split in two
    /// (``CaptionPage/middle``), again and again; a single word that never fits is cut at the box.
    func fittedPages(_ page: CaptionPage) throws -> [(CaptionPage, CaptionPageLayout)] {
        if let layout = try fit(page) { return [(page, layout)] }
        guard page.words.count > 1 else { return [(page, try cut(page))] }
        let (first, second) = page.split(at: page.middle)
        return try fittedPages(first) + fittedPages(second)
    }

    /// The page's words joined by spaces, or line feeds where a line of the cue ends, and each
    /// word's range in the string.
    private func joined(_ page: CaptionPage) -> (String, [Range<String.Index>]) {
        var string = ""
        var offsets: [(Int, Int)] = []
        var breaksLine = false
        for word in page.words {
            if !string.isEmpty { string += breaksLine ? "\n" : " " }
            breaksLine = word.endsLine
            let start = string.count
            string += word.text
            offsets.append((start, string.count))
        }
        let ranges = offsets.map { string.index(string.startIndex, offsetBy: $0.0)..<string.index(string.startIndex, offsetBy: $0.1) }
        return (string, ranges)
    }

    /// The most lines `page` may take: the line limit, or, for a cue shown whole, as many lines as
    /// the cue itself has when that is more.
    private func lineLimit(of page: CaptionPage) -> Int {
        guard !page.hasWordTimings else { return lineLimit }
        return max(lineLimit, page.words.reduce(1) { $0 + ($1.endsLine ? 1 : 0) })
    }

    /// The page at the largest scale from the minimum scale factor to 1 at which it fits: within the
    /// line limit, no word broken, every glyph's ink and every word's decoration (pop's largest scale,
    /// the pill) inside the box. `nil` when not even the smallest scale fits.
    private func fit(_ page: CaptionPage) throws -> CaptionPageLayout? {
        let (string, ranges) = joined(page)
        let fontSize = CGFloat(font.size.constantValue ?? 0)
        func placed(_ scale: Double) throws -> (layout: CaptionPageLayout, fits: Bool) {
            let size = fontSize * CGFloat(scale)
            // Room at the sides for a pill, or a popping word's clip, and for a popping word at its
            // largest: the lines are laid out narrower than the box, in its middle.
            let sides = size * (hasPill ? Self.pillPadding : popPeak > 1 ? Self.wordMargin : 0)
            let width = max((box.width - 2 * sides) / CGFloat(popPeak), 0)
            let measured = try text(string, fontSize: size).layout(in: CGSize(width: width, height: .infinity), boxesOf: ranges)
            // The lines stand on the box's bottom edge, raised by what a popping word grows below its
            // line, and by what a descender's ink (with its padding) reaches below the last line's
            // box at this size, so that the ink stays in the box as well.
            let lineHeight = measured.rangeBoxes.joined().map(\.height).max() ?? 0
            let overhang = measured.inkRect.isEmpty ? 0 : max(0, measured.inkRect.maxY + Self.inkPadding - measured.metrics.size.height)
            let origin = CGPoint(x: box.midX - width / 2,
                                 y: box.maxY - measured.metrics.size.height - overhang - lineHeight * CGFloat(popPeak - 1) / 2)
            let layout = CaptionPageLayout(
                text: text(string, fontSize: size),
                // A point more than measured, so Pango's rounding never truncates the last line.
                rect: CGRect(x: origin.x, y: origin.y, width: width, height: measured.metrics.size.height + 1),
                wordBoxes: measured.rangeBoxes.map { $0.map { $0.offsetBy(dx: origin.x, dy: origin.y) } },
                fontSize: size, isCut: false)
            return (layout, fits(measured, layout, origin: origin, lineLimit: lineLimit(of: page)))
        }
        guard let scale = try ShrinkToFit.largestScale(minimum: minimumScaleFactor, fits: { try placed($0).fits }) else {
            return nil
        }
        return try placed(scale).layout
    }

    /// Whether a page laid out at `origin` keeps within the line limit, breaks no word, and keeps its
    /// ink and its words' decorations inside the box: the pill behind a highlighted word, and a popping
    /// word's clip at its largest scale (the words' other drawings stay within their ink).
    private func fits(_ measured: TextRangeLayout, _ layout: CaptionPageLayout, origin: CGPoint, lineLimit: Int) -> Bool {
        let metrics = measured.metrics
        guard metrics.lineCount <= lineLimit, metrics.size.height <= box.height, metrics.size.width <= box.width,
              !metrics.breaksWithinWord
        else { return false }
        let ink = measured.inkRect.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -Self.inkPadding, dy: -Self.inkPadding)
        guard measured.inkRect.isEmpty || box.contains(ink) else { return false }
        let growth = CGFloat(popPeak - 1) / 2
        for index in layout.wordBoxes.indices {
            let decorations = (popPeak > 1 ? layout.clipBoxes(ofWord: index) : []) + (hasPill ? layout.pillBoxes(ofWord: index) : [])
            for decoration in decorations
            where !box.contains(decoration.insetBy(dx: -decoration.width * growth, dy: -decoration.height * growth)) {
                return false
            }
        }
        return true
    }

    /// A single word too large for the box at the smallest scale: drawn at it, wrapped between
    /// characters, truncated at the box's height and clipped to the box.
    private func cut(_ page: CaptionPage) throws -> CaptionPageLayout {
        let (string, ranges) = joined(page)
        let size = CGFloat(font.size.constantValue ?? 0) * CGFloat(minimumScaleFactor)
        let drawn = text(string, fontSize: size).lineLimit(lineLimit(of: page))
        let measured = try drawn.layout(in: box.size, boxesOf: ranges)
        return CaptionPageLayout(
            text: drawn, rect: box,
            wordBoxes: measured.rangeBoxes.map { $0.map { $0.offsetBy(dx: box.minX, dy: box.minY) } },
            fontSize: size, isCut: true)
    }
}
