import FlipbookDrawing
import Foundation

extension MotionBlur {
    /// The `motionBlur` object of a scene file's top level or of a layer. Its limits are checked
    /// where it is used (``validate(keyPath:)``), for files and Swift alike.
    package static let parameters = ParameterTable<MotionBlur>(
        title: "Motion blur", noun: "a motion blur",
        summary: "The `motionBlur` object of a scene file or a layer: each frame averages `samples` sub-frames "
            + "spread over `shutter`/360 of the frame interval, centred on the frame's time.",
        parameters: [
            .value("shutter", \.shutter, .number, default: defaultShutter, limits: shutterLimits, unit: "degrees",
                   help: "How long the shutter is open, in degrees of the frame interval: 360 is the whole interval, 180 the film look."),
            .value("samples", \.samples, .whole, default: defaultSamples, limits: sampleLimits, unit: "sub-frames",
                   help: "The sub-frames each frame averages; each costs one more drawing of the frame."),
        ])
}

extension ValueCodec where Value == MotionBlur {
    /// `{"shutter": 180, "samples": 8}`, every key optional.
    package static var motionBlur: ValueCodec {
        .object(MotionBlur.parameters, initial: MotionBlur())
    }
}
