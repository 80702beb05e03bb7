import FlipbookAudio
import FlipbookDrawing
import Foundation

extension VideoScene {
    /// The source time shown at layer time `time`, exactly: `trimIn + speed × time`, wrapped into the
    /// trimmed part when looping, else held at its end (`isEnd`: the frame just before the out point).
    func sourceTime(at time: TimeInterval) throws -> (time: ExactTime, isEnd: Bool) {
        let problem = { FlipbookError(.codec, "The video file \(source.url.path) has no frame at layer time \(time) s: the time overflows.") }
        guard let t = ExactTime(approximating: max(0, time)), let rate = ExactTime(approximating: speed),
              let start = ExactTime(approximating: trimIn), let played = t.multiplied(by: rate) else { throw problem() }
        let out = (trimOut.flatMap(ExactTime.init(approximating:))) ?? source.length
        guard let out, let span = out.subtracting(start), span.numerator > 0 else {
            guard let at = start.adding(played) else { throw problem() }
            return (at, false)
        }
        if loop {
            guard let wrapped = played.remainder(dividingBy: span), let at = start.adding(wrapped) else { throw problem() }
            return (at, false)
        }
        guard played < span, let at = start.adding(played) else { return (out, true) }
        return (at, false)
    }

    /// Seconds the layer lasts until its trimmed media ends (`nil` when looping, or when the file
    /// does not state its length).
    public var naturalLength: TimeInterval? {
        guard !loop, let trimmedLength else { return nil }
        return trimmedLength / speed
    }

    /// Checks the speed, the trim (inside the file), the volume and the fades.
    func validateTiming(keyPath: String) throws {
        guard Self.speedLimits.contains(speed) else {
            throw FlipbookError.mustBe(joinKeyPath(keyPath, "speed"), Self.speedLimits.description, itIs: formatNumber(speed))
        }
        let volumePath = joinKeyPath(keyPath, "volume")
        try volume.validate(keyPath: volumePath)
        for key in volume.keys where !AudioScene.volumeLimits.contains(key.value) {
            throw FlipbookError.mustBe(volumePath, AudioScene.volumeLimits.description + " dB", itIs: formatNumber(key.value))
        }
        let fades = ParameterLimits.between(0, Timeline.maximumDuration)
        for (name, value) in [("fadeIn", fadeIn), ("fadeOut", fadeOut)] where !fades.contains(value) {
            throw FlipbookError.mustBe(joinKeyPath(keyPath, name), fades.description + " seconds", itIs: formatNumber(value))
        }
        let trimPath = joinKeyPath(keyPath, "trim")
        let written = "[\(formatNumber(trimIn)), \(trimOut.map(formatNumber) ?? "end")]"
        let length = source.duration
        let inside = length.map { "inside the file, which lasts \(formatNumber($0)) s, with the out point after the in point" }
            ?? "at or after 0, with the out point after the in point"
        guard trimIn.isFinite, trimIn >= 0, length.map({ trimIn < $0 }) ?? true else {
            throw FlipbookError.mustBe(trimPath, inside, itIs: written)
        }
        if let trimOut {
            guard trimOut.isFinite, trimOut > trimIn, length.map({ trimOut <= $0 + 1e-9 }) ?? true else {
                throw FlipbookError.mustBe(trimPath, inside, itIs: written)
            }
        }
    }

    /// Checks the box, naming `keyPath.size`.
    public func validate(keyPath: String) throws {
        if let size { try checkBoxSize(size, joinKeyPath(keyPath, "size")) }
    }
}

extension VideoScene: SelfValidatingScene {}
