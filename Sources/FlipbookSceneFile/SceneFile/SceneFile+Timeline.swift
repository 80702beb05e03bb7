import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// The timeline this file describes, with every default filled in.
    ///
    /// - Throws: ``FlipbookError`` (kind `.invalidInput`) naming the first out-of-range value by its
    ///   key path, e.g. "layers[1].bursts[0].count must be between 1 and 100000 particles; it is
    ///   500000.", placed at its line and column when the file was read by ``load(from:)`` or
    ///   ``decode(_:source:)``.
    public func makeTimeline() throws -> Timeline {
        let place = { (error: FlipbookError) in origin?.place(error) ?? error }
        do {
            return try Refusals.placing(place) { try buildTimeline() }
        } catch let error as FlipbookError {
            throw place(error)
        }
    }

    private func buildTimeline() throws -> Timeline {
        if let template, let missing = template.missing.first { throw template.missingError(missing) }
        // Each value is checked once, by what it makes: the canvas by the timeline, a layer's timing
        // by the timeline's layer check, a scene's keys by its scene; values read from a file were
        // read for their form only.
        let size = self.size ?? SceneFile.defaultSize
        let scale = self.scale ?? SceneFile.defaultScale
        let fps = self.fps ?? SceneFile.defaultFPS
        let pictures = sharedPictures ?? PictureCache(baseDirectory: baseDirectory)
        let duration = try durationIsAuto ? Self.wholeFrames(naturalDuration(size: size, pictures: pictures), fps: fps)
            : self.duration ?? SceneFile.defaultDuration
        // The canvas is checked first (the scenes are laid out for it) by the one timeline check; the
        // layers are checked once they are made.
        var timeline = try Timeline(size: size, scale: CGFloat(scale), fps: fps, duration: duration, background: background)
        timeline.colorScheme = colorScheme ?? .light
        timeline.loudness = loudness
        try timeline.validateCanvas()
        timeline.assetCatalogs = try assetCatalogs()
        timeline.motionBlur = motionBlur
        try motionBlur?.validate(keyPath: Setting.motionBlur.key)
        // A check goes on with the next layer after one it refuses (``Refusals``).
        let layers = try (self.layers ?? []).enumerated().compactMap { index, layer in
            try Refusals.skipping {
                try layer.makeTimelineLayer(canvas: size, remaining: duration - (layer.start ?? 0),
                                            pictures: pictures, keyPath: "layers[\(index)]")
            }
        }
        timeline.layers = layers
        try timeline.validateLayers()
        return timeline
    }
}

extension SceneFile {
    /// `seconds` rounded up to whole frames at `fps`, so the last frame still shows what ends last
    /// (a sound of 3.217 s at 30 fps ends on frame 97, not 96); as given when it is too long to count.
    static func wholeFrames(_ seconds: TimeInterval, fps: FrameRate) -> TimeInterval {
        let frame = fps.time(ofFrame: 1)
        // Within a millionth of a frame counts as on it: 3 s at 30 fps is 90 frames, not 91.
        guard frame > 0, let frames = Int(exactly: (seconds / frame - 1e-6).rounded(.up)), frames >= 1 else { return seconds }
        return fps.time(ofFrame: frames)
    }

    /// Where the last layer ends, for `"duration": "auto"`: the layers made once for the longest clip
    /// (their media opened then are shared with the timeline's layers through the pictures).
    private func naturalDuration(size: CGSize, pictures: PictureCache) throws -> TimeInterval {
        let made = try (self.layers ?? []).enumerated().compactMap { index, layer in
            try Refusals.skipping {
                try layer.makeTimelineLayer(canvas: size, remaining: Timeline.maximumDuration - (layer.start ?? 0),
                                            pictures: pictures, keyPath: "layers[\(index)]")
            }
        }
        guard let end = Timeline.naturalDuration(of: made), end > 0 else {
            throw FlipbookError(invalid: Setting.duration.key, "is \"auto\", but no layer ends: give a layer an end, or a video "
                + "or audio layer that does not loop, or give the duration in seconds", at: .init(keyPath: Setting.duration.key))
        }
        return end
    }
}

extension SceneFile {
    /// The `assets` folders, relative to ``baseDirectory``; each must be a folder.
    private func assetCatalogs() throws -> [URL] {
        try (assets ?? []).enumerated().map { index, path in
            let url = URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                let key = "\(Setting.assets.key)[\(index)]"
                throw FlipbookError(invalid: key, "must be an asset catalog folder (.xcassets); it is \(url.path), which is not a folder.",
                                    at: .init(keyPath: key))
            }
            return url
        }
    }
}

extension SceneFile {
    /// This file, and every file made from it with ``with(_:)``, decoding each picture its layers
    /// name once for all the timelines they make: a template batch's rows share the template's.
    package func sharingPictures() -> SceneFile {
        var file = self
        file.sharedPictures = PictureCache(baseDirectory: baseDirectory)
        return file
    }
}
