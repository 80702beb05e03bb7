import FlipbookDrawing
import Foundation

/// Captions over a clip: the words of an SRT, WebVTT or word-timing file, grouped into pages, laid
/// out with Pango in a safe-area box (wrapped, within a line limit, shrunk to fit, right to left
/// where the script is, emoji in colour), the spoken word styled as it is spoken.
///
/// Words are grouped into pages (``CaptionPage``): a page shows from its first word's start to its
/// last word's end, and a new one starts when the silence before a word, or the page's length with
/// it, would exceed ``combine``; each SRT or WebVTT cue starts a page. A cue without word timings is
/// one page, shown whole with its line breaks for the cue's time, unless ``spreadWords`` spreads its
/// words' times in proportion to their characters (``CaptionCue/init(text:start:end:line:)``).
/// Cues that overlap in time are stacked, the later above the earlier, as players show them.
///
/// Each page is laid out once, when the scene is made: at the largest font scale from
/// ``minimumScaleFactor`` to 1 at which it fits the box within ``lineLimit`` lines (a page that does
/// not fit even at the smallest is split in two), the lines aligned by ``alignment`` and standing on
/// the box's bottom edge. Drawing a frame is then a pure function of time.
///
/// ```swift
/// let track = try CaptionTrack(contentsOf: URL(fileURLWithPath: "talk.srt"))
/// let captions = try CaptionsScene(track, canvas: CGSize(width: 1080, height: 1920), style: .pop)
/// let timeline = try Timeline(size: CGSize(width: 1080, height: 1920), duration: 10, layers: [Timeline.Layer(captions)])
/// ```
public struct CaptionsScene: Scene {
    /// How the words of a page are drawn as they are spoken.
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// The page in ``color``.
        case plain
        /// The page in ``color``, the spoken word in ``highlightColor`` (or on a pill of it, with ``pill``).
        case highlight
        /// Each word appears when it starts, in ``color``.
        case wordByWord = "word-by-word"
        /// Each word appears when it starts, scaled in by ``popSpring``; the spoken word highlighted.
        case pop
    }

    /// The cues, as read and checked.
    public let track: CaptionTrack
    /// The pages, in order.
    public let pages: [CaptionPage]
    /// How the words are drawn.
    public let style: Style
    /// The safe area the words stay in, in the canvas's points.
    public let box: CGRect
    /// The font; its size is the largest a page is drawn at.
    public let font: TextScene.FontStyle
    /// The words' colour.
    public let color: Color
    /// The spoken word's colour, or its pill's.
    public let highlightColor: Color
    /// Whether the spoken word is marked by a rounded pill of ``highlightColor`` behind it rather than
    /// by its own colour.
    public let pill: Bool
    /// How a page's lines line up in the box.
    public let alignment: TextAlignment
    /// The most lines a page takes.
    public let lineLimit: Int
    /// The smallest fraction of the font size a page may shrink to.
    public let minimumScaleFactor: Double
    /// The longest silence within a page, and the longest page, in seconds.
    public let combine: TimeInterval
    /// Whether a cue without word timings is shown a few words at a time, its words' times spread
    /// across it by their characters and grouped by ``combine``, rather than whole.
    public let spreadWords: Bool

    /// What of the captions is drawn: everything, or (for measuring the words' contrast with what is
    /// under them) only the pills or only the words.
    package enum Parts: Sendable {
        case all, pills, words
    }

    /// What is drawn; everything unless a check asks for a part.
    package var parts = Parts.all

    /// Each page's layout, in ``pages``' order.
    let layouts: [CaptionPageLayout]
    /// The index of the cue each page shows, in ``pages``' order: pages of different cues shown at
    /// once are stacked.
    let pageCues: [Int]

    /// The captions of `track` on a canvas of `canvas` points; the defaults are described on each property.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) for a value out of range or a font file that cannot
    ///   be read, naming it as a scene file's key (`lineLimit must be …`).
    public init(
        _ track: CaptionTrack, canvas: CGSize, box: CGRect? = nil, style: Style = .highlight,
        font: TextScene.FontStyle? = nil, color: Color = CaptionsScene.defaultColor,
        highlightColor: Color = CaptionsScene.defaultHighlightColor, pill: Bool = false,
        alignment: TextAlignment = .center, lineLimit: Int = CaptionsScene.defaultLineLimit,
        minimumScaleFactor: Double = CaptionsScene.defaultMinimumScaleFactor, combine: TimeInterval = CaptionsScene.defaultCombine,
        spreadWords: Bool = false
    ) throws {
        try self.init(track, canvas: canvas, box: box, style: style, font: font, color: color, highlightColor: highlightColor,
                      pill: pill, alignment: alignment, lineLimit: lineLimit, minimumScaleFactor: minimumScaleFactor,
                      combine: combine, spreadWords: spreadWords, keyPath: "")
    }

    /// The throwing initializer, with `keyPath` (a scene file's `layers[0]`) before every error's key.
    package init(
        _ track: CaptionTrack, canvas: CGSize, box: CGRect?, style: Style, font: TextScene.FontStyle?, color: Color,
        highlightColor: Color, pill: Bool, alignment: TextAlignment, lineLimit: Int, minimumScaleFactor: Double,
        combine: TimeInterval, spreadWords: Bool, keyPath: String
    ) throws {
        let box = box ?? CaptionsScene.defaultBox(canvas: canvas)
        let font = font ?? CaptionsScene.defaultFont(canvas: canvas)
        try CaptionsScene.validate(box: box, font: font, lineLimit: lineLimit, minimumScaleFactor: minimumScaleFactor,
                                   combine: combine, keyPath: keyPath)
        let look = CaptionLook(
            box: box, font: font, family: try font.resolvedFamily(keyPath: joinKeyPath(keyPath, "font")),
            alignment: alignment, lineLimit: lineLimit, minimumScaleFactor: minimumScaleFactor,
            popPeak: style == .pop ? CaptionsScene.popPeak : 1, hasPill: pill && (style == .highlight || style == .pop))
        var pages: [CaptionPage] = []
        var layouts: [CaptionPageLayout] = []
        var pageCues: [Int] = []
        for (page, cue) in CaptionPage.numberedPages(of: track, combine: combine, spreadWords: spreadWords) {
            for (fitted, layout) in try look.fittedPages(page) {
                pages.append(fitted)
                layouts.append(layout)
                pageCues.append(cue)
            }
        }
        self.track = track
        self.pages = pages
        self.layouts = layouts
        self.pageCues = pageCues
        self.style = style
        self.box = box
        self.font = font
        self.color = color
        self.highlightColor = highlightColor
        self.pill = pill
        self.alignment = alignment
        self.lineLimit = lineLimit
        self.minimumScaleFactor = minimumScaleFactor
        self.combine = combine
        self.spreadWords = spreadWords
    }

    /// The page shown at `time`, as an index into ``pages``; `nil` when none is.
    public func pageIndex(at time: TimeInterval) -> Int? {
        pages.indices.last { pages[$0].start <= time && time < pages[$0].end }
    }

    /// Where the words of the page shown at `time` are (the latest to start, when cues are stacked),
    /// in the canvas's points: one list of boxes per word (one box per line it lies on), and the font
    /// size the page is drawn at.
    public func wordBoxes(at time: TimeInterval) -> (boxes: [[CGRect]], fontSize: CGFloat)? {
        guard let index = pageIndex(at: time) else { return nil }
        let rise = stack(at: time).first { $0.page == index }?.rise ?? 0
        return (layouts[index].wordBoxes.map { $0.map { $0.offsetBy(dx: 0, dy: -rise) } }, layouts[index].fontSize)
    }

    /// The fraction of the font size left between stacked cues.
    static let stackGap = 0.25

    /// The pages shown at `time`, the latest of each cue, bottom first, each with how far it is
    /// raised above its place on the box's bottom edge: every page stands on the ones of earlier
    /// cues.
    func stack(at time: TimeInterval) -> [(page: Int, rise: CGFloat)] {
        var latest: [Int: Int] = [:]
        for index in pages.indices where pages[index].start <= time && time < pages[index].end {
            latest[pageCues[index]] = index
        }
        var rise: CGFloat = 0
        return latest.keys.sorted().map { cue in
            let page = latest[cue]!
            defer { rise += layouts[page].rect.height + layouts[page].fontSize * Self.stackGap }
            return (page, rise)
        }
    }
}

extension CaptionsScene {
    /// White, as captions are most often drawn.
    public static let defaultColor = Color.white
    /// Yellow, SwiftUI's.
    public static let defaultHighlightColor = Color.yellow
    /// Two lines.
    public static let defaultLineLimit = 2
    /// Half the font size.
    public static let defaultMinimumScaleFactor = 0.5
    /// 1.2 seconds: a few words a page, as short-form clips show them.
    public static let defaultCombine: TimeInterval = 1.2
    /// The font size on a canvas: 6 % of its shorter side (65 points on a 1080-point-wide portrait canvas).
    public static let defaultFontSizeFraction = 0.06
    /// The default box's fractions of the canvas: inside the title-safe area (10 % in from each side),
    /// 80 % of the width, from 60 % to 90 % of the height (the lower third, above the bottom margin).
    public static let defaultBoxFractions = CGRect(x: 0.1, y: 0.6, width: 0.8, height: 0.3)

    /// The box captions stay in by default on a canvas of `canvas` points (``defaultBoxFractions``).
    public static func defaultBox(canvas: CGSize) -> CGRect {
        let f = defaultBoxFractions
        return CGRect(x: canvas.width * f.minX, y: canvas.height * f.minY, width: canvas.width * f.width,
                      height: canvas.height * f.height)
    }

    /// The system font, bold, at ``defaultFontSizeFraction`` of the canvas's shorter side.
    public static func defaultFont(canvas: CGSize) -> TextScene.FontStyle {
        TextScene.FontStyle(size: Keyframed(Double(min(canvas.width, canvas.height)) * defaultFontSizeFraction), weight: .bold)
    }

    /// The combine windows allowed, in milliseconds (the scene file's `combineMs`).
    public static let combineMsLimits = ParameterLimits.between(0, 60_000)

    /// Checks every value once, where the scene is made, naming it under `keyPath` as a file writes it.
    static func validate(box: CGRect, font: TextScene.FontStyle, lineLimit: Int, minimumScaleFactor: Double,
                         combine: TimeInterval, keyPath: String) throws {
        func key(_ name: String) -> String { joinKeyPath(keyPath, name) }
        let sides = TextScene.boxSideLimits
        let origin = ParameterLimits.within(Timeline.Layer.maximumOffset)
        try check(sides.contains(Double(box.width)) && sides.contains(Double(box.height))
                      && origin.contains(Double(box.minX)) && origin.contains(Double(box.minY)), key("box"),
                  "a rectangle [x, y, width, height] whose sides are \(sides.description) points and whose corner is "
                      + "\(origin.description)", "[\(shown(box.minX)), \(shown(box.minY)), \(shown(box.width)), \(shown(box.height))]")
        guard let size = font.size.constantValue else {
            throw FlipbookError(invalid: key("font.size"), "cannot be keyframed in a captions layer; each page is laid out once.",
                                at: FlipbookError.Location(keyPath: key("font.size")))
        }
        try check(size, within: TextScene.fontSizeLimits, key("font.size"), unit: "points")
        try check(Double(lineLimit), within: TextScene.lineLimitLimits, key("lineLimit"), unit: "lines")
        try check(minimumScaleFactor, within: TextScene.minimumScaleFactorLimits, key("minimumScaleFactor"))
        try check(combine * 1000, within: combineMsLimits, key("combineMs"), unit: "milliseconds")
    }
}
