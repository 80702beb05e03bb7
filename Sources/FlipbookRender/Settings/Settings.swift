import FlipbookAnimation
import FlipbookCore
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookVideo
import Foundation

/// The settings table: every user-facing setting, one row each (``Setting``). The command line's
/// options, batch and scene-file keys, `flipbook settings`, the DocC article and the README's
/// table are made from it; tests compare each of them with it.
public enum Settings {
    /// Every row, in the order tables list them.
    public static let all: [Setting] = [.scene, .set, .strict, .output, .outputs, .name]
        + Setting.timelineSettings
        + [.time, .frame, .frames, .chunk, .quality]
        + Setting.encoderSettings + Setting.audioSettings
        + [.workers, .memoryBudget, .cache, .cacheLimit, .shard, .template, .data, .resume]
        + Setting.sheetSettings
        + Setting.compareSettings

    /// The row for `key`, or `nil`.
    public static func setting(forKey key: String) -> Setting? { all.first { $0.key == key } }

    /// The flag that gives the value at `key` (`crf` → `--crf`, `keyframeInterval` → `--keyint`);
    /// `alpha` is asked for by `--background transparent`.
    public static func option(forKey key: String) -> String? {
        key == "alpha" ? Setting.background.option : setting(forKey: key)?.option
    }

    /// The keys a place takes, in table order.
    public static func keys(for place: Setting.Place) -> [String] {
        all.filter { $0.places.contains(place) }.map(\.key)
    }
}
