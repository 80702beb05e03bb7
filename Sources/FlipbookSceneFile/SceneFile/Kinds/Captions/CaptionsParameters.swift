import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A captions layer's parameters (`"scene": "captions"`): see ``CaptionsScene``, which checks them.
    public struct CaptionsParameters: Sendable, Equatable {
        /// The captions file, relative to the scene file's folder: `.srt`, `.vtt` or `.json` word timings.
        public var src: String
        /// The file's format. Default: the one its extension names.
        public var format: CaptionFormat?
        /// The file's encoding, an iconv name (`windows-1252`). Default UTF-8 (or UTF-16 with a byte-order mark).
        public var encoding: String?
        /// How the spoken word is drawn. Default highlight.
        public var style: CaptionsScene.Style?
        /// The font. Default: the system font, bold, at 6 % of the canvas's shorter side.
        public var font: FontParameters?
        /// The words' colour. Default white.
        public var color: Color?
        /// The spoken word's colour, or its pill's. Default yellow.
        public var highlightColor: Color?
        /// Whether the spoken word sits on a pill of the highlight colour. Default false.
        public var pill: Bool?
        /// The safe area, in the canvas's points. Default ``CaptionsScene/defaultBox(canvas:)``.
        public var box: CGRect?
        /// How the lines line up. Default center.
        public var alignment: TextAlignment?
        /// The most lines a page takes. Default 2.
        public var lineLimit: Int?
        /// The smallest font scale a page may shrink to. Default 0.5.
        public var minimumScaleFactor: Double?
        /// The longest silence within a page, and the longest page, in milliseconds. Default 1200.
        public var combineMs: Double?
        /// What a cue starting before the previous one ends does. Default stack.
        public var overlap: CaptionTrack.Overlap?
        /// Whether a cue without word timings is shown a few words at a time rather than whole. Default false.
        public var spreadWords: Bool?

        /// Captions parameters; `nil` keys take their defaults.
        public init(
            src: String, format: CaptionFormat? = nil, style: CaptionsScene.Style? = nil, font: FontParameters? = nil,
            color: Color? = nil, highlightColor: Color? = nil, pill: Bool? = nil, box: CGRect? = nil,
            alignment: TextAlignment? = nil, lineLimit: Int? = nil, minimumScaleFactor: Double? = nil,
            combineMs: Double? = nil, overlap: CaptionTrack.Overlap? = nil
        ) {
            self.init(src: src, format: format, encoding: nil, style: style, font: font, color: color, highlightColor: highlightColor,
                      pill: pill, box: box, alignment: alignment, lineLimit: lineLimit, minimumScaleFactor: minimumScaleFactor,
                      combineMs: combineMs, overlap: overlap, spreadWords: nil)
        }

        /// Captions parameters with an encoding and the spreading of untimed cues; `nil` keys take their defaults.
        public init(
            src: String, format: CaptionFormat? = nil, encoding: String?, style: CaptionsScene.Style? = nil,
            font: FontParameters? = nil, color: Color? = nil, highlightColor: Color? = nil, pill: Bool? = nil, box: CGRect? = nil,
            alignment: TextAlignment? = nil, lineLimit: Int? = nil, minimumScaleFactor: Double? = nil,
            combineMs: Double? = nil, overlap: CaptionTrack.Overlap? = nil, spreadWords: Bool? = nil
        ) {
            self.src = src
            self.format = format
            self.encoding = encoding
            self.style = style
            self.font = font
            self.color = color
            self.highlightColor = highlightColor
            self.pill = pill
            self.box = box
            self.alignment = alignment
            self.lineLimit = lineLimit
            self.minimumScaleFactor = minimumScaleFactor
            self.combineMs = combineMs
            self.overlap = overlap
            self.spreadWords = spreadWords
        }

        /// The scene for a canvas of `canvas` points, its file read now; `src` (and `font.src`) are
        /// resolved against `baseDirectory` (the current directory when `nil`).
        ///
        /// - Throws: ``FlipbookError`` at the captions file and line of what cannot be read (bytes not in
        ///   its encoding, too many cues, a cue too long), and at the key of any value out of range or an
        ///   encoding iconv does not know.
        public func makeScene(canvas: CGSize, baseDirectory: URL?, keyPath: String = "") throws -> CaptionsScene {
            let url = URL(fileURLWithPath: src, relativeTo: baseDirectory).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw FlipbookError.mustBe(joinKeyPath(keyPath, "src"), "a captions file (.srt, .vtt or .json) relative to "
                                               + "the scene file's folder", itIs: "\"\(src)\"", "There is no file \(url.path).")
            }
            let file = try CaptionFile(contentsOf: url, format: format, encoding: encoding, keyPath: keyPath)
            let track = try CaptionTrack(file, overlap: overlap ?? .stack)
            let defaultFont = CaptionsScene.defaultFont(canvas: canvas)
            let fontStyle = font.map { font in
                TextScene.FontStyle(
                    family: font.family, size: font.size ?? defaultFont.size, weight: font.weight ?? defaultFont.weight,
                    italic: font.italic ?? false, design: font.design ?? .default,
                    file: font.src.map { URL(fileURLWithPath: $0, relativeTo: baseDirectory).standardizedFileURL })
            }
            return try CaptionsScene(
                track, canvas: canvas, box: box, style: style ?? .highlight, font: fontStyle ?? defaultFont,
                color: color ?? CaptionsScene.defaultColor, highlightColor: highlightColor ?? CaptionsScene.defaultHighlightColor,
                pill: pill ?? false, alignment: alignment ?? .center, lineLimit: lineLimit ?? CaptionsScene.defaultLineLimit,
                minimumScaleFactor: minimumScaleFactor ?? CaptionsScene.defaultMinimumScaleFactor,
                combine: (combineMs ?? CaptionsScene.defaultCombine * 1000) / 1000, spreadWords: spreadWords ?? false, keyPath: keyPath)
        }
    }
}

extension SceneFile.CaptionsParameters {
    static let parameters = ParameterTable<SceneFile.CaptionsParameters>(
        title: "Captions layer", noun: "a captions layer",
        summary: layerWithScene + #": an SRT, WebVTT or word-timing JSON file's words, grouped into pages "#
            + "and laid out with Pango in a safe-area box (within a line limit, shrunk to fit, right to left where the script is), "
            + "the spoken word styled as it is spoken. WebVTT is read by the specification's parsing rules, SRT as players "
            + "read it: a cue that cannot be read (malformed timings, ending before it starts) is skipped with a warning "
            + "naming the file and line, and a file with no cue to show is a warning; so is a cue starting after the clip "
            + "ends. A cue without word timings (WebVTT's inline timestamps give them) is shown whole, with its line breaks; "
            + "overlapping cues are stacked, the later above.",
        parameters: [
            .required("src", \.src, .text, help: "The captions file, relative to the scene file's folder: .srt, .vtt, or .json "
                          + #"word timings ([{"text", "start", "end"}] in seconds or [{"text", "startMs", "endMs"}])."#),
            .optional("format", \.format, .choice(CaptionFormat.allCases.map { ($0.rawValue, $0) }),
                      defaultText: "by the extension (.srt, .vtt, .json)", help: "The file's format."),
            .optional("encoding", \.encoding, .text, defaultText: "UTF-8, or UTF-16 with a byte-order mark",
                      help: "The file's character encoding, any name iconv knows (windows-1252, iso-8859-2, gb2312, shift_jis); "
                          + "a byte-order mark decides over it."),
            .optional("style", \.style, .choice(CaptionsScene.Style.allCases.map { ($0.rawValue, $0) }), default: .highlight,
                      help: "plain; highlight (the spoken word in highlightColor, or on a pill); word-by-word (each word "
                          + "appears as it starts); pop (each word springs in as it starts, the spoken word highlighted)."),
            .optional("font", \.font, .object(SceneFile.FontParameters.parameters, initial: SceneFile.FontParameters()),
                      defaultText: "the system font, bold, at \(formatNumber(CaptionsScene.defaultFontSizeFraction * 100)) % "
                          + "of the canvas's shorter side", help: "The font (see Text font); its size cannot be keyframed."),
            .optional("color", \.color, .color, default: CaptionsScene.defaultColor, help: "The words' colour."),
            .optional("highlightColor", \.highlightColor, .color, default: CaptionsScene.defaultHighlightColor,
                      help: "The spoken word's colour (highlight, pop), or its pill's."),
            .optional("pill", \.pill, .bool, default: false,
                      help: "Mark the spoken word with a rounded pill of highlightColor behind it instead of its colour."),
            .optional("box", \.box, .rect, defaultText: "80 % of the width and 60–90 % of the height, inside the title-safe area",
                      unit: "points", help: "The safe area every glyph stays in; the lines stand on its bottom edge."),
            .optional("alignment", \.alignment, .choice(SceneFile.TextParameters.textAlignments), default: .center,
                      help: "How a page's lines line up."),
            .optional("lineLimit", \.lineLimit, .whole, default: CaptionsScene.defaultLineLimit,
                      limits: TextScene.lineLimitLimits, limitsCheckedWhereMade: true, unit: "lines",
                      help: "The most lines a page takes (a cue shown whole may take as many as it has); a page that does "
                          + "not fit at the smallest scale is split, at a line break where it has one."),
            .optional("minimumScaleFactor", \.minimumScaleFactor, .number, default: CaptionsScene.defaultMinimumScaleFactor,
                      limits: TextScene.minimumScaleFactorLimits, limitsCheckedWhereMade: true,
                      help: "Shrink to fit: the smallest font scale a page may be drawn at."),
            .optional("combineMs", \.combineMs, .number, default: CaptionsScene.defaultCombine * 1000,
                      limits: CaptionsScene.combineMsLimits, limitsCheckedWhereMade: true, unit: "milliseconds",
                      help: "Words grouped into pages: a new page starts when the silence before a word, or the page's "
                          + "length with it, would exceed this. Each SRT or WebVTT cue starts a page."),
            .optional("spreadWords", \.spreadWords, .bool, default: false,
                      help: "Show a cue without word timings a few words at a time, its words' times spread across it by "
                          + "their characters and grouped by combineMs, rather than whole with its line breaks."),
            .optional("overlap", \.overlap, .choice(CaptionTrack.Overlap.allCases.map { ($0.rawValue, $0) }), default: .stack,
                      help: "A cue starting before the previous one ends: stack (both shown, the later above), error, or merge "
                          + "to join them."),
        ])
}
