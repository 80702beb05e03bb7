import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// What a layer's own reading already knows: a font family the machine lacks, the parts of a Lottie
/// animation rlottie does not draw, captions cues never shown. A render prints these as warnings; a
/// check places each at its layer's key.
enum LayerNotes {
    static func findings(for checked: CheckedLayer, timeline: Timeline) -> [CheckFinding] {
        switch checked.layer.scene {
        case let text as TextScene:
            return missingFamily(text.font, checked: checked).map { [$0] } ?? []
        case let captions as CaptionsScene:
            let shown = min(checked.layer.end ?? timeline.duration, timeline.duration) - checked.layer.start
            let notes = captions.track.warnings(clipDuration: shown).map { warning in
                CheckFinding(.warning, .captions, pointer: checked.pointer("src"), message: warning,
                             fix: "end the cue before the clip does, or make the clip (duration) or the layer (end) longer")
            }
            return (missingFamily(captions.font, checked: checked).map { [$0] } ?? []) + notes
        case let lottie as LottieScene:
            return lottie.animation.warnings.map { warning in
                CheckFinding(.warning, .lottie, pointer: checked.pointer("src"),
                             message: "\(lottie.animation.source) \(warning.pointer): \(warning.problem)",
                             fix: "change the animation's part at \(warning.pointer) to one rlottie draws, "
                                + "or set \"strict\": true to refuse it")
            }
        default:
            return []
        }
    }

    /// The finding for a `font.family` the machine does not have (drawn with the carried family).
    private static func missingFamily(_ font: TextScene.FontStyle, checked: CheckedLayer) -> CheckFinding? {
        guard font.file == nil, let family = font.family, !Font.isInstalled(family: family) else { return nil }
        return CheckFinding(
            .warning, .font, pointer: checked.pointer("font.family"),
            message: "the font \"\(family)\" is not installed; the text is drawn with \(Font.systemFamilyName) instead.",
            fix: "give the font's file as font.src (a .ttf or .otf beside the scene file), or leave font.family out")
    }
}
