import Flipbook
import Foundation

/// A row of the settings table that the page lets you change while you watch: the timeline's own
/// settings a still or a clip takes (`--background`, `--color-scheme`, …). The key, flag, help and
/// range, and the reader of the text the page sends (the row's field), come from the ``Setting`` row;
/// this adds only the control the page shows, so a value the page takes is one `flipbook render` takes.
struct LiveSetting: Sendable {
    /// The control the page shows.
    enum Control: String, Codable, Sendable {
        /// A colour picker beside a text field (for names, `#rrggbbaa`, `transparent`).
        case color
        /// A menu of ``LiveSetting/choices``.
        case choice
        /// A text field.
        case text
    }

    let setting: Setting
    let control: Control
    let choices: [String]

    /// The settings the page offers, in the settings table's order: those of the timeline's rows that
    /// a still and `render` both take and that a preview can show (the size and scale are the
    /// preview's own; a seed, a rate, a length, a colour, an appearance, a blur are not).
    static let all: [LiveSetting] = [
        LiveSetting(setting: .fps, control: .text, choices: []),
        LiveSetting(setting: .duration, control: .text, choices: []),
        LiveSetting(setting: .seed, control: .text, choices: []),
        LiveSetting(setting: .background, control: .color, choices: []),
        LiveSetting(setting: .colorScheme, control: .choice, choices: ColorScheme.allCases.map(\.rawValue)),
        LiveSetting(setting: .motionBlur, control: .text, choices: []),
    ]

    /// The live setting whose key is `key`.
    static func named(_ key: String) -> LiveSetting? { all.first { $0.setting.key == key } }

    /// Applies `values` (by key) to `request`.
    ///
    /// - Throws: ``StudioError`` 400 for a key that is not a live setting (with the keys that are);
    ///   the setting's own message for a value it does not read.
    static func apply(_ values: [String: String], to request: inout SceneRequest) throws {
        for key in values.keys.sorted() {
            guard let live = named(key) else {
                throw StudioError(status: 400, "'\(key.prefix(40))' is not a setting the studio changes live; it changes "
                                  + all.map(\.setting.key).joined(separator: ", ") + ".")
            }
            // The row's field reads the text, with the command line's message for a value it does not read.
            guard let field = live.setting.field,
                  try field.read(.text(values[key] ?? ""), as: live.setting, into: &request) else {
                throw StudioError(status: 500, "\(key) has no field in the settings table.")
            }
        }
    }
}

/// A live setting as the page receives it in ``ClipInfo``: everything it needs to make the control
/// and the command line's flag.
struct LiveSettingInfo: Codable, Sendable {
    var key: String
    var flag: String
    var control: LiveSetting.Control
    var choices: [String]
    var type: String
    var defaultValue: String
    var range: String?
    var help: String

    init(_ live: LiveSetting) {
        key = live.setting.key
        flag = live.setting.option ?? live.setting.key
        control = live.control
        choices = live.choices
        type = live.setting.type
        defaultValue = live.setting.defaultValue
        range = live.setting.range
        help = live.setting.help
    }
}
