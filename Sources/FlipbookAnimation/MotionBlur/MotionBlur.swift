import FlipbookDrawing
import Foundation

/// Motion blur as a film camera's shutter makes it: each frame is the average of ``samples``
/// sub-frames drawn at times spread evenly over the part of the frame interval the shutter is open,
/// centred on the frame's own time.
///
/// The shutter is an angle, as on a rotary-shutter camera and in After Effects: 360° keeps the shutter
/// open for the whole frame interval, 180° (the film look) for half of it. Sub-frame `j` of `n` is
/// drawn at `t + (shutter / 360) × (1 / fps) × ((j + ½) / n − ½)`, so a square moving `v` pixels a frame
/// leaves a streak `v × shutter / 360` pixels long.
///
/// The average is taken over premultiplied pixels and rounded to nearest, so a picture that does not
/// move is byte for byte the same with and without blur. Give it to a whole ``Timeline`` or to one
/// ``Timeline/Layer``: only the layers with blur (their own, or the timeline's) move between sub-frames;
/// the others are drawn at the frame's time in each. In a scene file it is
/// `"motionBlur": {"shutter": 180, "samples": 8}`, on the command line `--motion-blur 180/8`.
public struct MotionBlur: Sendable, Equatable {
    /// How long the shutter stays open, in degrees of the frame interval (0 < shutter ≤ 360).
    public var shutter: Double
    /// How many sub-frames each frame averages (``sampleLimits``).
    public var samples: Int

    /// 180°: half the frame interval, the film look.
    public static let defaultShutter = 180.0
    /// 8 sub-frames a frame.
    public static let defaultSamples = 8
    /// The shutter angle, in degrees.
    public static let shutterLimits = ParameterLimits.above(0, atMost: 360)
    /// The sub-frames a frame may average: each costs one more drawing of the frame.
    public static let sampleLimits = ParameterLimits.between(1, 64)

    /// Blur over `shutter` degrees of the frame interval, averaging `samples` sub-frames. Checked
    /// where it is used (``validate(keyPath:)``, which ``Timeline/validate()`` calls).
    public init(shutter: Double = defaultShutter, samples: Int = defaultSamples) {
        self.shutter = shutter
        self.samples = samples
    }

    /// Reads the command line's form, `SHUTTER/SAMPLES` (`180/8`); `nil` when it is not two numbers,
    /// the second a whole one, around a slash. The values are checked by ``validate(keyPath:)``.
    public init?(reading text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let shutter = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let samples = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        self.init(shutter: shutter, samples: samples)
    }

    /// `180/8`, the command line's form.
    public var description: String { "\(formatNumber(shutter))/\(samples)" }

    /// Checks the shutter and the sample count; errors name `keyPath.shutter` or `keyPath.samples`.
    public func validate(keyPath: String) throws {
        try check(shutter, within: Self.shutterLimits, joinKeyPath(keyPath, "shutter"), unit: "degrees")
        try check(Double(samples), within: Self.sampleLimits, joinKeyPath(keyPath, "samples"), unit: "sub-frames")
    }

    /// The offset of sub-frame `index` of `count` from the frame's time, in seconds, for frames
    /// `frameInterval` seconds apart: spread evenly over the open shutter, centred on the frame.
    public func offset(ofSubframe index: Int, of count: Int, frameInterval: TimeInterval) -> TimeInterval {
        guard count > 1 else { return 0 }
        let open = frameInterval * shutter / 360
        return open * ((Double(index) + 0.5) / Double(count) - 0.5)
    }
}

extension SettingFormat where Value == MotionBlur {
    /// `SHUTTER/SAMPLES`, such as `180/8`; the timeline checks the ranges.
    public static var motionBlur: SettingFormat {
        SettingFormat(text: { "\(formatNumber($0.shutter))/\($0.samples)" }, fromText: { text, setting in
            guard let blur = MotionBlur(reading: text) else {
                throw FlipbookError.mustBe(setting.key, "SHUTTER/SAMPLES, such as 180/8", itIs: quotedInput(text))
            }
            return blur
        })
    }
}
