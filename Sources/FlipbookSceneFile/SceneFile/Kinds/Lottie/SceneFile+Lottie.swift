import FlipbookAnimation
import FlipbookDrawing
import Foundation

// A Lottie file given where a scene file goes (`flipbook render anim.json`): a scene file of one
// Lottie layer filling the canvas, its size (at one pixel per point), frame rate and length the file's.
// A frame rate Flipbook does not render at (60.0333709716797) gives the timeline the nearest one it
// does; the animation still plays in its own time, each output frame showing the Lottie frame of its time.

extension SceneFile {
    /// Whether `data` is a Lottie animation rather than a scene file: a `.lottie` container (a zip), a
    /// `.tgs` sticker (gzip), or JSON whose top level has Lottie's frame rate, out point and layers
    /// (`fr`, `op`, `layers`) and no scene-file `scene`.
    public static func isLottie(_ data: Data) -> Bool {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x1F, 0x8B]) { return true }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["fr"] != nil && object["op"] != nil && object["layers"] != nil && object["scene"] == nil
    }

    /// A scene file playing the Lottie animation at `url` once over a canvas of its size, at its frame rate
    /// (the nearest rate Flipbook renders at), for its length; `strict` reads it strictly (a part rlottie
    /// does not draw refuses it).
    ///
    /// - Throws: ``FlipbookError`` when the animation cannot be read or is refused (see
    ///   ``LottieAnimation/init(contentsOf:options:)``).
    public static func lottie(contentsOf url: URL, strict: Bool = false) throws -> SceneFile {
        let animation = try LottieAnimation(contentsOf: url, options: LottieOptions(strict: strict))
        let layer = Layer(.lottie(LottieParameters(src: url.lastPathComponent, fit: .fill, strict: strict ? true : nil)))
        var file = SceneFile(size: animation.size, scale: 1, fps: nearestRenderedRate(animation.frameRate),
                             duration: animation.duration, layers: [layer])
        file.baseDirectory = url.deletingLastPathComponent()
        return file
    }
}

/// The supported rate `fps` names, or else the whole rate nearest it within ``FrameRate/wholeRates``.
private func nearestRenderedRate(_ fps: Double) -> FrameRate {
    let named = FrameRate(decimal: fps)
    if named.isSupported { return named }
    let range = FrameRate.wholeRates
    let nearest = min(max(fps.rounded(), Double(range.lowerBound)), Double(range.upperBound))
    return FrameRate(Int(exactly: nearest) ?? range.lowerBound)
}
