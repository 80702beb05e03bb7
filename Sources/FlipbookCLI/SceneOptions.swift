import ArgumentParser
import Flipbook
import Foundation

/// Which scene to draw and how its timeline is shaped: the options `render` and `still` share, one
/// per row of the settings table. Numbers are read with `.unconditional`, so `--duration -1` is a
/// value (and the range error), not a missing one.
struct SceneOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(Setting.scene.help, valueName: "confetti|ripples|FILE.json"))
    var scene: String

    @Option(name: Setting.size.name, help: Setting.size.argumentHelp(valueName: "WxH"))
    var size: PixelSize?

    @Option(name: Setting.scale.name, parsing: .unconditional, help: Setting.scale.argumentHelp())
    var scale: Double?

    @Option(name: Setting.duration.name, parsing: .unconditional, help: Setting.duration.argumentHelp())
    var duration: Double?

    @Option(name: Setting.seed.name, parsing: .unconditional, help: Setting.seed.argumentHelp())
    var seed: UInt64?

    @Option(name: Setting.background.name, help: Setting.background.argumentHelp(valueName: "color|transparent"))
    var background: Color?

    @Option(name: Setting.colorScheme.name, help: Setting.colorScheme.argumentHelp(valueName: "light|dark"))
    var colorScheme: ColorScheme?

    @Option(name: Setting.motionBlur.name, help: Setting.motionBlur.argumentHelp(valueName: "shutter/samples"))
    var motionBlur: MotionBlur?

    @Option(name: Setting.set.name, parsing: .unconditionalSingleValue, help: Setting.set.argumentHelp(valueName: "NAME=VALUE"))
    var set: [String] = []

    @Flag(name: Setting.strict.name, help: Setting.strict.argumentHelp())
    var strict = false

    /// The request for the library, with the frame rate of commands that have one: each setting
    /// given read through its row's field.
    ///
    /// - Throws: ``FlipbookError`` for a `--set` that is not `NAME=VALUE`, or names a parameter twice.
    func request(fps: FrameRate? = nil) throws -> SceneRequest {
        var request = SceneRequest(scene: scene)
        for (setting, value) in givenSettings {
            _ = try setting.field?.read(.parsed(value), as: setting, into: &request)
        }
        if let fps { request.fps = fps }
        request.parameterValues = try parameterValues()
        return request
    }

    /// The `--set` values by parameter name.
    func parameterValues() throws -> [String: String] {
        var values: [String: String] = [:]
        for assignment in set {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw FlipbookError.mustBe(Setting.set.key, "NAME=VALUE, such as name=Ada", itIs: "'\(assignment)'")
                    .at(flag: "--set")
            }
            let name = String(assignment[..<equals])
            let value = String(assignment[assignment.index(after: equals)...])
            if let earlier = values[name] {
                throw FlipbookError(invalid: "--set \(name)", "is given twice ('\(earlier)', then '\(value)'); give each parameter once.",
                                    at: .init(flag: "--set \(name)"))
            }
            values[name] = value
        }
        return values
    }

    /// The flags given, for placing errors (see ``placedAtFlag(_:given:)``): `--set NAME` for each
    /// parameter given a value, so an error about that value names it.
    var givenFlags: Set<String> {
        givenSettingFlags.union(set.map { "--set " + $0.prefix { $0 != "=" } })
    }
}

/// The frame rate, for commands whose output depends on it. Kept as written until it is read, so
/// an unsupported rate is reported as the user wrote it (`it is "29.5"`).
struct FrameRateOption: ParsableArguments {
    @Option(name: Setting.fps.name, parsing: .unconditional, help: Setting.fps.argumentHelp(valueName: "rate"))
    var fps: String?

    /// The rate, read for its form (``FrameRate/init(reading:)``); the timeline checks that it is
    /// supported, and ``written`` lets the error show it as typed. The error's key path is `fps`.
    func rate() throws -> FrameRate? {
        guard let fps else { return nil }
        guard let rate = FrameRate(reading: fps) else {
            throw FlipbookError.mustBe(Setting.fps.key, FrameRate.supportedRates, itIs: FrameRate.shown(fps))
        }
        return rate
    }

    /// The rate as typed, by flag, for messages.
    var written: [String: String] {
        guard let fps, let option = Setting.fps.option else { return [:] }
        return [option: FrameRate.shown(fps)]
    }
}
