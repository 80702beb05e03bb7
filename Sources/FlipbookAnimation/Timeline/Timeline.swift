import FlipbookAudio
import FlipbookDrawing
import Foundation

/// Layers of scenes over one clock, drawn over a background colour, cut into frames.
///
/// Frame `i` is at exactly `i / fps` seconds (a rational: see ``FrameRate``). A timeline is checked
/// when it is made, so one that exists can be rendered. Each layer's scene sees time relative to the layer's
/// start, and is drawn only while the timeline's time is in `start ..< end`.
public struct Timeline: Sendable {
    /// One scene placed on the timeline: when it shows, where (its transform) and how it is
    /// composited (opacity, blend mode, filters).
    ///
    /// A layer's box is its scene's own (see ``BoxedScene``) or, for any other scene, the whole
    /// canvas. Its ``anchor`` point of the box goes to ``position``, turned by ``rotation`` and
    /// scaled by ``scale`` about that point, as SwiftUI's `position`, `rotationEffect` and
    /// `scaleEffect` place a view. The defaults place the box over the canvas unchanged.
    public struct Layer: Sendable {
        /// What this layer draws.
        public var scene: any Scene
        /// When the layer appears, in timeline seconds. The scene's own clock starts here.
        public var start: TimeInterval
        /// When the layer disappears, in timeline seconds; `nil` keeps it to the end.
        public var end: TimeInterval?
        /// The layer's opacity in its own clock, composited as a whole (overlapping shapes inside do
        /// not show through each other).
        public var keyframedOpacity: Keyframed<Double>
        /// Where the box's anchor goes, in the parent's points (the canvas, or the group's box), in the
        /// layer's clock; `nil` is the parent's centre.
        public var position: Keyframed<CGPoint>?
        /// The point of the layer's box placed at ``position``, which rotation and scale keep still.
        /// Default ``UnitPoint/center``.
        public var anchor: Keyframed<UnitPoint> = Keyframed(.center)
        /// The turn about the anchor, clockwise on screen. Default zero.
        public var rotation: Keyframed<Angle> = Keyframed(.zero)
        /// The horizontal and vertical scale about the anchor. Default 1 × 1.
        public var scale: Keyframed<CGSize> = Keyframed(CGSize(width: 1, height: 1))
        /// How the composited layer combines with what is under it. Default ``CairoCanvas/BlendMode/normal``.
        public var blendMode: GraphicsContext.BlendMode = .normal
        /// Filters applied to the layer as one picture, first listed first, in the canvas's (or the
        /// group's) user space: a shadow falls the same way however the layer turns. Default none.
        public var filters: [Filter] = []
        /// Motion blur for this layer alone, over the timeline's own (``Timeline/motionBlur``); `nil`
        /// takes the timeline's. Only a timeline's own layers have it, not a group's children.
        public var motionBlur: MotionBlur?
        /// The sound played at each of the scene's events (a ``SoundingScene``'s); default none.
        public var sound: LayerSound?

        /// The layer's opacity when it does not change (its first keyframe's value otherwise); setting
        /// it makes the opacity constant.
        public var opacity: Double {
            get { keyframedOpacity.constantValue ?? keyframedOpacity.keys.first?.value ?? 1 }
            set { keyframedOpacity = Keyframed(newValue) }
        }

        /// `scene` shown from `start` until `end` (the end of the timeline when `nil`), at `opacity`.
        public init(_ scene: any Scene, start: TimeInterval = 0, end: TimeInterval? = nil, opacity: Double = 1) {
            self.scene = scene
            self.start = start
            self.end = end
            self.keyframedOpacity = Keyframed(opacity)
        }

        /// `scene` placed and composited as given; every value may be keyframed in the layer's clock.
        public init(
            _ scene: any Scene, start: TimeInterval = 0, end: TimeInterval? = nil,
            position: Keyframed<CGPoint>? = nil, anchor: Keyframed<UnitPoint> = Keyframed(.center),
            rotation: Keyframed<Angle> = Keyframed(.zero), scale: Keyframed<CGSize> = Keyframed(CGSize(width: 1, height: 1)),
            opacity: Keyframed<Double>, blendMode: GraphicsContext.BlendMode = .normal, filters: [Filter] = []
        ) {
            self.init(scene, start: start, end: end)
            self.position = position
            self.anchor = anchor
            self.rotation = rotation
            self.scale = scale
            self.keyframedOpacity = opacity
            self.blendMode = blendMode
            self.filters = filters
        }

        /// Whether the layer is visible at timeline time `time`.
        public func isActive(at time: TimeInterval) -> Bool {
            time >= start && (end.map { time < $0 } ?? true) && keyframedOpacity.value(at: time - start) > 0
        }
    }

    /// The canvas size in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// Frames per second.
    public var fps: FrameRate
    /// Length in seconds.
    public var duration: TimeInterval
    /// The colour under every frame; `nil` leaves frames transparent (videos flatten them over white).
    public var background: Color?
    /// The scenes, bottom first.
    public var layers: [Layer]
    /// The appearance semantic and asset-catalog colours draw in (``Color/primary`` is black in
    /// ``ColorScheme/light``, white in ``ColorScheme/dark``). Default light.
    public var colorScheme: ColorScheme = .light
    /// Asset catalogs (`.xcassets` folders) searched for `Color("Name")` before those named by
    /// `FLIPBOOK_ASSETS`. Default none.
    public var assetCatalogs: [URL] = []
    /// Motion blur for every layer without its own (``Timeline/Layer/motionBlur``); `nil`, the
    /// default, draws each frame at its instant.
    public var motionBlur: MotionBlur?
    /// The integrated loudness the mix is brought to, in LUFS (−14 for most sharing sites), or `nil`
    /// to leave its level as mixed. Checked against ``LoudnessMeter/targetRange``.
    public var loudness: Double?

    /// What every frame is drawn in: the colour scheme and asset catalogs.
    public var environment: EnvironmentValues {
        EnvironmentValues(colorScheme: colorScheme, assetCatalogs: assetCatalogs)
    }

    /// The longest timeline: one day.
    public static let maximumDuration: TimeInterval = 86_400
    /// The largest scale, in pixels per point.
    public static let maximumScale: CGFloat = 100

    /// A timeline, checked: every value is in range and its frames can be allocated.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) naming the first bad value by its parameter name
    ///   (`fps must be …`), which scene files and the command line place at their key or flag.
    public init(
        size: CGSize, scale: CGFloat = 1, fps: FrameRate = 60, duration: TimeInterval,
        background: Color? = nil, layers: [Layer] = []
    ) throws {
        self.size = size
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.background = background
        self.layers = layers
        try validate()
    }

    /// The number of frames: `duration × fps`, rounded to the nearest frame.
    public var frameCount: Int {
        fps.frameCount(forDuration: duration) ?? 0
    }

    /// The time of frame `frame`: exactly `frame / fps`, e.g. frame 30 at 29.97 fps is 1.001 s.
    public func time(ofFrame frame: Int) -> TimeInterval {
        fps.time(ofFrame: frame)
    }

    /// Width of a frame in pixels: `size.width × scale`, rounded.
    public var pixelWidth: Int { Self.pixels(size.width * scale) }
    /// Height of a frame in pixels: `size.height × scale`, rounded.
    public var pixelHeight: Int { Self.pixels(size.height * scale) }

    /// A length in points × scale as whole pixels, 0 when it would not fit an `Int`.
    private static func pixels(_ length: CGFloat) -> Int { Int(exactly: length.rounded()) ?? 0 }

    /// Checks every value, naming the first problem by its parameter (`size`, `scale`, `fps`,
    /// `duration`, `layers[1].opacity`). The initializer calls this; `render` calls it again, since
    /// ``layers`` can change.
    public func validate() throws {
        try validateCanvas()
        try motionBlur?.validate(keyPath: "motionBlur")
        try validateLayers()
    }

    /// What a frame's size must be, in pixels (size × scale).
    public static let pixelRequirement = "between 1 and \(Bitmap.maximumDimension) pixels on each side and at most "
        + "\(Bitmap.maximumPixelCount) pixels in all"
    /// The scale, in pixels per point.
    public static let scaleLimits = ParameterLimits.above(0, atMost: Double(maximumScale))
    /// The duration, in seconds.
    public static let durationLimits = ParameterLimits.above(0, atMost: maximumDuration)

    /// "`key` requirement; it is `value`.", for the checks below.
    private func bad(_ key: String, _ requirement: String, _ value: String, _ followUp: String = "") -> FlipbookError {
        FlipbookError.mustBe(key, requirement, itIs: value, followUp)
    }

    /// Checks the size, scale, frame rate and duration: the one check of each, whether the value came
    /// from Swift, a scene file, a batch job or a flag (each reader places the error at its source).
    package func validateCanvas() throws {
        if let loudness, !(loudness.isFinite && LoudnessMeter.targetRange.contains(loudness)) {
            throw Setting.loudness.mustBe(
                "between \(formatNumber(LoudnessMeter.targetRange.lowerBound)) and \(formatNumber(LoudnessMeter.targetRange.upperBound)) LUFS",
                itIs: formatNumber(loudness))
        }
        // The scale first: a size given in pixels is divided by it.
        guard Self.scaleLimits.contains(scale) else {
            throw bad("scale", "\(Self.scaleLimits.description) pixels per point", formatNumber(scale))
        }
        // The size is checked in pixels, the frames' own unit, whichever unit it was given in (points
        // here and in scene files, pixels on the command line and in batch jobs), so one check serves all.
        guard Bitmap.fits(width: pixelWidth, height: pixelHeight) else {
            let pixels = "\(formatNumber((size.width * scale).rounded()))×\(formatNumber((size.height * scale).rounded())) pixels"
            // A size that fits at one pixel per point was made too small or too large by the scale:
            // the message names the setting the user wrote.
            if scale != 1, Bitmap.fits(width: Self.pixels(size.width), height: Self.pixels(size.height)) {
                throw bad("scale", "a scale at which a frame (size × scale) is \(Self.pixelRequirement)",
                          formatNumber(scale), "The frame is then \(pixels).")
            }
            throw FlipbookError(invalid: "size", "must be \(Self.pixelRequirement); it is \(pixels).",
                                at: .init(keyPath: "size"))
        }
        do {
            try fps.validate()
        } catch let error as FlipbookError {
            throw error.at(keyPath: "fps")
        }
        guard Self.durationLimits.contains(duration) else {
            throw bad("duration", "\(Self.durationLimits.description) seconds", formatNumber(duration))
        }
        guard frameCount >= 1 else {
            throw FlipbookError(invalid: "duration", "must hold at least one frame at \(fps) fps "
                                    + "(\(formatNumber(fps.time(ofFrame: 1))) s); it is \(formatNumber(duration)).",
                                at: .init(keyPath: "duration"))
        }
    }

    /// Checks each layer's timing, placement, opacity and filters.
    package func validateLayers() throws {
        for (index, layer) in layers.enumerated() { _ = try Refusals.skipping { try layer.validate(keyPath: "layers[\(index)]") } }
    }

    /// Draws the whole picture at timeline time `time` into `bitmap`, replacing its contents.
    /// The bitmap should be `pixelWidth × pixelHeight`. With motion blur, the picture is the average
    /// of the ``subframeCount`` sub-frames (``draw(at:subframe:into:)``), drawn one after another.
    public func draw(at time: TimeInterval, into bitmap: inout Bitmap) {
        bitmap.drawAverage(of: subframeCount) { bitmap, index in draw(at: time, subframe: index, into: &bitmap) }
    }

    /// Draws frame `frame` into `bitmap`, replacing its contents.
    public func draw(frame: Int, into bitmap: inout Bitmap) {
        draw(at: time(ofFrame: frame), into: &bitmap)
    }

    /// Draws every active layer at timeline time `time` into `context` (no background).
    public func drawLayers(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        for layer in layers where layer.isActive(at: time) {
            layer.draw(in: context, parent: size, localTime: time - layer.start)
        }
    }

    /// A fresh bitmap of this timeline's pixel size.
    public func makeBitmap() throws -> Bitmap {
        try Bitmap(width: pixelWidth, height: pixelHeight)
    }
}
