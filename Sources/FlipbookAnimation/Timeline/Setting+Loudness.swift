import FlipbookAudio
import FlipbookCore
import Foundation

// The loudness row sits with the timeline, whose check names it; the other timeline rows, whose
// defaults are the scene file's, are in FlipbookSceneFile's TimelineSettingRows.swift.

extension Setting {
    /// `--loudness`: the integrated loudness the mix is normalised to.
    public static let loudness = Setting(
        key: "loudness", flag: "loudness", swift: "Timeline.loudness", type: "number", defaultValue: "none (the mix as it is)",
        unit: "LUFS", range: "\(formatNumber(LoudnessMeter.targetRange.lowerBound))...\(formatNumber(LoudnessMeter.targetRange.upperBound))",
        places: [.sceneFile, .batch, .render],
        help: "Brings the sound to this integrated loudness (EBU R128; −14 for most sharing sites); a true-peak limiter keeps it below −1 dBTP.")
}
