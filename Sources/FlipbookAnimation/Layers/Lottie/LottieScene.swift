import FlipbookDrawing
import Foundation

/// A Lottie animation in its own box, fitted as an image is, played from the layer's start at a speed,
/// once or looping, whole or one marker's span.
///
/// The layer's clock maps to whole Lottie frames (``LottieAnimation/frame(at:)``): frame
/// `floor(time × speed × frameRate)` of the span; once the span ends the last frame stays, unless it loops.
public struct LottieScene: BoxedScene {
    /// The fastest and slowest speeds (exclusive of 0): 0 < speed ≤ 100.
    public static let maximumSpeed = 100.0

    /// The animation, read and checked.
    public var animation: LottieAnimation
    /// The box; `nil` is the animation's own size.
    public var size: Keyframed<CGSize>?
    /// How the animation fills the box. Default ``ImageScene/Fit/contain``.
    public var fit: ImageScene.Fit
    /// Lottie seconds per layer second. Default 1.
    public var speed: Double
    /// Whether the span starts again when it ends. Default false (its last frame stays).
    public var loop: Bool
    /// The marker whose frames are played; `nil` plays every frame.
    public var marker: String?

    /// An animation in a box of `size` (its own size when `nil`), fitted by `fit`.
    public init(_ animation: LottieAnimation, size: Keyframed<CGSize>? = nil, fit: ImageScene.Fit = .contain,
                speed: Double = 1, loop: Bool = false, marker: String? = nil) {
        self.animation = animation
        self.size = size
        self.fit = fit
        self.speed = speed
        self.loop = loop
        self.marker = marker
    }

    public func boxSize(canvas: CGSize, time: TimeInterval) -> CGSize {
        size?.value(at: time) ?? animation.size
    }

    /// The frames played: the marker's (whole frames, at least one, within the animation) or all of them.
    public var span: Range<Int> {
        guard let marker, let found = animation.marker(named: marker) else { return 0..<animation.frameCount }
        // Clamped as Doubles first: a marker's numbers come from the file (1e300 frames is finite).
        let frames = Double(animation.frameCount)
        let first = found.startFrame.isNaN ? 0 : Int(saturating: min(max(found.startFrame, 0), frames - 1), rounded: .down)
        let length = found.durationFrames.isNaN ? 1 : Int(saturating: min(max(found.durationFrames, 1), frames), rounded: .down)
        return first..<min(first + length, animation.frameCount)
    }

    /// The Lottie frame shown at `time` seconds of the layer's clock.
    public func frame(at time: TimeInterval) -> Int {
        let span = self.span
        guard time.isFinite, time > 0 else { return span.lowerBound }
        let position = (time * speed * animation.frameRate + 1e-9).rounded(.down)
        let count = Double(span.count)
        let offset = loop ? position.truncatingRemainder(dividingBy: count) : min(position, count - 1)
        return span.lowerBound + Int(offset)
    }

    /// Checks the speed, the marker and the box, naming them under `keyPath`.
    public func validate(keyPath: String) throws {
        if !(speed > 0 && speed <= Self.maximumSpeed) {
            throw FlipbookError.mustBe(joinKeyPath(keyPath, "speed"), "above 0 and at most \(Int(Self.maximumSpeed))",
                                       itIs: "\(speed)")
        }
        if let marker, animation.marker(named: marker) == nil {
            let names = animation.markers.map(\.name)
            let key = joinKeyPath(keyPath, "marker")
            throw FlipbookError(invalid: key, "must name a marker of \(animation.source) ("
                                    + (names.isEmpty ? "it has none" : names.joined(separator: ", ")) + "); it is '\(marker)'."
                                    + didYouMean(marker, among: names), at: .init(keyPath: key))
        }
        if let size { try checkBoxSize(size, joinKeyPath(keyPath, "size")) }
    }

    /// Draws the frame at `time` in the box `size`, its top-left at the origin.
    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        let (rect, clips) = fit.place(animation.size, in: size)
        guard rect.width > 0, rect.height > 0 else { return }
        var context = context
        if clips { context.clip(to: Path(CGRect(origin: .zero, size: size))) }
        context.draw(animation, in: rect, frame: frame(at: time))
    }
}
