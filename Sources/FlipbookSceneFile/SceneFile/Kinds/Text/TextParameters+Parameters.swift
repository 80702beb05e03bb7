import FlipbookAnimation
import FlipbookDrawing
import Foundation

// The text layer's keys. Their limits are ``TextScene``'s, shown here and checked once, by the scene.

extension SceneFile.TextParameters {
    static let parameters = ParameterTable<SceneFile.TextParameters>(
        title: "Text layer", noun: "a text layer",
        summary: layerWithScene + #": a text in a box of its own, wrapped to the box's width, "#
            + "cut or shrunk to fit it (a text that cannot fit and may not be cut is an error before any frame is drawn). "
            + "Without `size` the box is the text's natural size. Numbers and colours may be keyframed.",
        parameters: [
            .required("text", \.text, .text,
                      help: "The characters (at most \(TextScene.maximumTextLength)); \\n starts a new line."),
            .optional("font", \.font, .object(SceneFile.FontParameters.parameters, initial: SceneFile.FontParameters()),
                      defaultText: "the system font, 17 points", help: "The font (see Text font)."),
            .optional("color", \.color, .keyframed(.color), defaultText: "primary (black, white in the dark scheme)",
                      help: "The glyphs' colour, mixed in linear light between keyframes."),
            .optional("gradient", \.gradient, .gradient, defaultText: "none",
                      help: "A gradient over the text's box instead of a colour (see Gradient)."),
            .optional("alignment", \.alignment, .choice(textAlignments), default: .leading,
                      help: "How lines line up (leading is the right edge for right-to-left text)."),
            .optional("lineSpacing", \.lineSpacing, .keyframed(.number), default: Keyframed(0),
                      limits: TextScene.spacingLimits, limitsCheckedWhereMade: true, unit: "points",
                      help: "Extra space between lines."),
            .optional("tracking", \.tracking, .keyframed(.number), default: Keyframed(0),
                      limits: TextScene.spacingLimits, limitsCheckedWhereMade: true, unit: "points",
                      help: "Extra space after each character."),
            .optional("size", \.size, .keyframed(.size), defaultText: "the text's natural size",
                      limits: TextScene.boxSideLimits, limitsCheckedWhereMade: true, unit: "points",
                      help: "The box: the text wraps to its width and sits in the middle of its height."),
            .optional("lineLimit", \.lineLimit, .whole, defaultText: "none",
                      limits: TextScene.lineLimitLimits, limitsCheckedWhereMade: true, unit: "lines",
                      help: "The most lines; the last is truncated. Needs a size."),
            .optional("truncation", \.truncation, .choice(truncationModes), defaultText: "none: the text must fit",
                      help: "Where an ellipsis replaces what does not fit the box. Needs a size."),
            .optional("minimumScaleFactor", \.minimumScaleFactor, .number, default: 1,
                      limits: TextScene.minimumScaleFactorLimits, limitsCheckedWhereMade: true,
                      help: "Shrink to fit: the smallest font scale allowed; the largest scale that fits is used. Needs a size."),
        ])

    static let textAlignments: [(name: String, value: TextAlignment)] = [
        ("leading", .leading), ("center", .center), ("trailing", .trailing),
    ]
    static let truncationModes: [(name: String, value: Text.TruncationMode)] = [
        ("head", .head), ("middle", .middle), ("tail", .tail),
    ]
}

extension SceneFile.FontParameters {
    static let parameters = ParameterTable<SceneFile.FontParameters>(
        title: "Text font", noun: "a font",
        summary: "A text layer's `font`: SwiftUI's system font, or a family, or a font file of the scene's own.",
        parameters: [
            .optional("family", \.family, .text, defaultText: "the system font (Noto Sans, carried by Flipbook)",
                      help: "A family installed on the machine; drawn with the system font, with a warning, when missing."),
            .optional("size", \.size, .keyframed(.number), default: Keyframed(Double(TextScene.FontStyle.defaultSize)),
                      limits: TextScene.fontSizeLimits, limitsCheckedWhereMade: true, unit: "points",
                      help: "The font size; when keyframed, the fit is checked at each keyframe."),
            .optional("weight", \.weight, .choice(weights), default: .regular, help: "SwiftUI's font weight."),
            .optional("italic", \.italic, .bool, default: false, help: "Italic."),
            .optional("design", \.design, .choice(designs), default: .default,
                      help: "SwiftUI's font design: monospaced draws with the carried Noto Sans Mono; serif and rounded with Noto Sans."),
            .optional("src", \.src, .text, defaultText: "none",
                      help: "A TTF or OTF file relative to the scene file's folder, drawn on every machine alike."),
        ])

    static let weights: [(name: String, value: Font.Weight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular), ("medium", .medium),
        ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]
    static let designs: [(name: String, value: Font.Design)] = [
        ("default", .default), ("serif", .serif), ("rounded", .rounded), ("monospaced", .monospaced),
    ]
}
