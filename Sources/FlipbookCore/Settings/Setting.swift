import Foundation

/// One user-facing setting, declared once: the key scene and batch files use, the command-line
/// flag, the Swift property, its type, default, unit, range (per codec where it differs), where it
/// can be given and which codecs have it, and its help line.
///
/// The command line's options, the batch and scene-file keys, the range checks' messages,
/// `flipbook settings`, the DocC article and the README's table are all made from these rows
/// (`Settings.all` in `FlipbookRender` lists them), so none of them can say something the others do not.
public struct Setting: Sendable, Equatable, Codable {
    /// Where a setting can be given.
    public enum Place: String, Sendable, Codable, CaseIterable, Comparable {
        /// A scene file's top level.
        case sceneFile = "scene file"
        /// A job of a batch file.
        case batch
        /// `flipbook render`.
        case render
        /// `flipbook still`.
        case still
        /// `flipbook batch` itself, for the whole file.
        case batchCommand = "flipbook batch"
        /// `flipbook sheet`, a contact sheet of a clip.
        case sheet = "flipbook sheet"
        /// `flipbook compare`, two pictures side by side.
        case compare = "flipbook compare"
        /// `flipbook serve`, for every render the service runs.
        case serve = "flipbook serve"

        public static func < (a: Place, b: Place) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// The key in scene and batch files: `crf`, `keyframeInterval`.
    public var key: String
    /// The command-line flag without its dashes (`keyint`), or `nil` when no command has one.
    public var flag: String?
    /// The Swift property that holds it: `VideoOptions.crf`; `nil` when Swift has it only as an argument.
    public var swift: String?
    /// The kind of value: `whole number`, `color or transparent`, `WxH`.
    public var type: String
    /// The default as a person reads it: `20`, `the codec's`.
    public var defaultValue: String
    /// The unit of its numbers: `seconds`; `nil` for none.
    public var unit: String?
    /// The values allowed: `0...250`, `one of ultrafast, …`; `nil` when any value of the type is.
    public var range: String?
    /// Ranges that differ by codec (``range`` is then their union).
    public var codecRanges: [CodecRange]
    /// The codecs that have it (`--codec` names); `nil` when it does not depend on the codec.
    public var codecs: [String]?
    /// Where it can be given.
    public var places: [Place]
    /// One line saying what it does.
    public var help: String
    /// Where its value goes and how it is read (``Field``); `nil` for a setting a command reads
    /// itself (`scene`, `set`, a batch file's `outputs`).
    public var field: Field? = nil
    /// What each `--quality` shortcut does to it where the caller did not give it (``QualityChange``).
    public var qualityChanges: [RenderQuality: QualityChange] = [:]

    /// Two rows are the same when they say the same things: the field and the quality changes are
    /// how the row is wired, not what it says, and a row read back from `flipbook settings --json`
    /// has neither.
    public static func == (a: Setting, b: Setting) -> Bool {
        a.key == b.key && a.flag == b.flag && a.swift == b.swift && a.type == b.type && a.defaultValue == b.defaultValue
            && a.unit == b.unit && a.range == b.range && a.codecRanges == b.codecRanges && a.codecs == b.codecs
            && a.places == b.places && a.help == b.help
    }

    private enum CodingKeys: String, CodingKey {
        case key, flag, swift, type, defaultValue, unit, range, codecRanges, codecs, places, help
    }

    /// A row of the settings table. With `codecRanges`, `range` defaults to their union and `codecs`
    /// to the codecs they name.
    public init(
        key: String, flag: String? = nil, swift: String? = nil, type: String, defaultValue: String,
        unit: String? = nil, range: String? = nil, codecRanges: [CodecRange] = [], codecs: [String]? = nil,
        places: [Place], help: String, field: Field? = nil, qualityChanges: [RenderQuality: QualityChange] = [:]
    ) {
        self.key = key
        self.flag = flag
        self.swift = swift
        self.type = type
        self.defaultValue = defaultValue
        self.unit = unit
        self.range = range ?? CodecRange.union(of: codecRanges)?.tableText
        self.codecRanges = codecRanges
        self.codecs = codecs ?? (codecRanges.isEmpty ? nil : codecRanges.flatMap(\.codecs))
        self.places = places
        self.help = help
        self.field = field
        self.qualityChanges = qualityChanges
    }

    /// This row with its value carried by `field`.
    public func carried(by field: Field) -> Setting {
        var row = self
        row.field = field
        return row
    }

    /// `--crf`, or `nil`.
    public var option: String? { flag.map { "--" + $0 } }

    /// The setting's key a key path starts with: `motionBlur` for `motionBlur.shutter`, so an error
    /// about one part of a setting's value is placed where the setting was given.
    public static func key(ofKeyPath keyPath: String) -> String {
        String(keyPath.prefix { $0 != "." && $0 != "[" })
    }

    /// The help line a command's `--help` shows: the help and the default.
    public var helpLine: String { "\(help) (default: \(defaultValue))" }

    /// The error for a value that breaks this setting's rule, in the one form every check uses:
    /// "`key` must be `requirement`; it is `value`." (see ``FlipbookError/mustBe(_:_:itIs:_:)``).
    public func mustBe(_ requirement: String, itIs value: String, _ followUp: String = "") -> FlipbookError {
        FlipbookError.mustBe(key, requirement, itIs: value, followUp)
    }
}
