import FlipbookAnimation
import FlipbookAudio
import FlipbookCore
import FlipbookDrawing
import Foundation

/// The timeline's rows of the settings table: the keys a scene file's top level shares with batch
/// jobs and with `render` and `still`. Defaults and limits are read from ``SceneFile`` and
/// ``Timeline``; ``SceneFile/parameters`` takes its help lines from here.
extension Setting {
    private static let everywhere: [Place] = [.sceneFile, .batch, .render, .still, .sheet]

    /// `--size`: pixels on the command line and in batch jobs, points in a scene file.
    public static let size = Setting(
        key: "size", flag: "size", swift: "Timeline.size", type: "WxH pixels ([w, h] points in a scene file)",
        defaultValue: "\(Int(SceneFile.defaultSize.width * SceneFile.defaultScale))x"
            + "\(Int(SceneFile.defaultSize.height * SceneFile.defaultScale)) "
            + "(\(formatNumber(SceneFile.defaultSize.width))x\(formatNumber(SceneFile.defaultSize.height)) points), or the scene file's",
        range: "1...\(Bitmap.maximumDimension) a side", places: everywhere,
        help: "The output size; the canvas in points is this ÷ the scale.",
        field: Field(\SceneRequest.size, .pixelSize))

    /// `--scale`.
    public static let scale = Setting(
        key: "scale", flag: "scale", swift: "Timeline.scale", type: "number",
        defaultValue: "\(formatNumber(SceneFile.defaultScale)), or the scene file's", unit: "pixels per point",
        range: "> 0, ≤ \(formatNumber(Double(Timeline.maximumScale)))", places: everywhere,
        help: "How many pixels each point takes.", field: Field(\SceneRequest.scale, .number))

    /// `--fps`.
    public static let fps = Setting(
        key: "fps", flag: "fps", swift: "Timeline.fps", type: "frame rate (30, 29.97, 30000/1001)",
        defaultValue: "\(SceneFile.defaultFPS), or the scene file's", unit: "frames per second",
        range: "\(FrameRate.wholeRates.tableText), " + FrameRate.ntscRates.map(\.decimal).joined(separator: ", "),
        places: [.sceneFile, .batch, .render, .sheet], help: "Frames per second.",
        field: Field(\SceneRequest.fps, .frameRate))

    /// `--duration`.
    public static let duration = Setting(
        key: "duration", flag: "duration", swift: "Timeline.duration", type: "number",
        defaultValue: ScenePreset.allCases.map { "\(formatNumber($0.defaultDuration)) for \($0.rawValue)" }
            .joined(separator: ", ") + ", or the scene file's",
        unit: "seconds", range: "> 0, ≤ \(formatNumber(SceneFile.maximumDuration))", places: everywhere,
        help: "The length of the clip.", field: Field(\SceneRequest.duration, .number))

    /// `--seed`.
    public static let seed = Setting(
        key: "seed", flag: "seed", type: "whole number", defaultValue: "0, or the scene file's",
        range: "0...\(UInt64.max)", places: [.batch, .render, .still, .sheet],
        help: "Replaces the seed of every randomised layer; the same seed gives the same pixels.",
        field: Field(\SceneRequest.seed, .wholeNumber))

    /// `--background`: one spelling of "no background" everywhere, `transparent`.
    public static let background = Setting(
        key: "background", flag: "background", swift: "Timeline.background", type: "colour or transparent",
        defaultValue: "white for a built-in scene; none in a scene file (alpha kept where the format has it)",
        range: "a SwiftUI colour name, #rgb, #rrggbb, #rrggbbaa, or transparent", places: everywhere,
        help: "The colour under every frame; transparent keeps alpha, and is an error for a format without it.",
        field: Field(\SceneRequest.background, .color))

    /// The colour scheme semantic colours resolve for.
    public static let colorScheme = Setting(
        key: "colorScheme", flag: "color-scheme", swift: "Timeline.colorScheme", type: "light or dark",
        defaultValue: "\(ColorScheme.light.rawValue), or the scene file's",
        range: ColorScheme.allCases.map(\.rawValue).joined(separator: ", "), places: everywhere,
        help: "The appearance semantic colours (primary, secondary, accentColor) and asset-catalog colours draw in.",
        field: Field(\SceneRequest.colorScheme, .choice))

    /// The asset catalogs `Color("Name")` reads.
    public static let assets = Setting(
        key: "assets", swift: "Timeline.assetCatalogs", type: "list of paths", defaultValue: "none",
        places: [.sceneFile],
        help: "Asset catalogs (.xcassets folders, relative to the scene file) that Color(\"Name\") is looked up in.")

    /// `--motion-blur SHUTTER/SAMPLES`: the timeline's ``MotionBlur``.
    public static let motionBlur = Setting(
        key: "motionBlur", flag: "motion-blur", swift: "Timeline.motionBlur",
        type: #"SHUTTER/SAMPLES ({"shutter", "samples"} in a scene file)"#, defaultValue: "off, or the scene file's",
        range: "shutter \(MotionBlur.shutterLimits.shortDescription) degrees, samples \(MotionBlur.sampleLimits.shortDescription)",
        places: [.sceneFile, .render, .still, .sheet],
        help: "Each frame averages SAMPLES sub-frames over SHUTTER/360 of the frame interval, centred on its time.",
        field: Field(\SceneRequest.motionBlur, .motionBlur))

    /// The timeline's rows, in the order tables list them.
    public static let timelineSettings: [Setting] = [
        .size, .scale, .fps, .duration, .seed, .background, .colorScheme, .assets, .motionBlur,
        // The row sits with the timeline, whose check names it, below the request it is carried by.
        .loudness.carried(by: Field(\SceneRequest.loudness, .number)),
    ]
}
