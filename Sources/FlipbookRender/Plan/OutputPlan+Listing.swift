import FlipbookCore
import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

extension OutputPlan {
    /// The plan's facts as `--dry-run --json` prints them: names as the settings table spells them.
    public struct Listing: Sendable, Equatable, Codable {
        public var output: String
        /// `clip` or `still`.
        public var kind: String
        public var container: String?
        public var codec: String?
        public var encoder: String?
        public var pixelFormat: String?
        public var alpha: Bool
        public var width: Int
        public var height: Int
        public var scale: Double
        public var fps: String
        public var duration: Double
        /// `first-last`, zero-based and inclusive: the frames a clip writes.
        public var frames: String?
        public var frameCount: Int
        /// `K/N` for a chunk.
        public var chunk: String?
        /// For a clip: how many segments it is encoded in (``SegmentLayout``), 1 for one encode.
        public var segments: Int?
        /// For a clip in several segments: each one's frames, `first-last`.
        public var segmentFrames: [String]?
        /// A still's moment in seconds.
        public var time: Double?
        public var crf: Int?
        public var preset: String?
        public var lookahead: Int?
        public var keyframeInterval: Double?
        public var maxBitrate: Int?
        public var level: String?
        /// The encoder's threads: a count, or `auto`.
        public var threads: String?
        public var loop: Int?
        public var background: String?
    }

    /// The plan as a ``Listing``.
    public var listing: Listing {
        let codec = format?.codec.capabilities
        let options = self.options
        let frames = framesWritten
        let isClip = still == nil
        return Listing(
            output: destination.path, kind: isClip ? "clip" : "still",
            container: format?.container.rawValue ?? still?.format.rawValue, codec: format?.codec.rawValue,
            encoder: codec?.encoderName, pixelFormat: format?.pixelFormat.rawValue,
            alpha: format?.keepsAlpha ?? (still?.format == .png ? timeline.background.map { $0.opacity < 1 } ?? true : false),
            width: timeline.pixelWidth, height: timeline.pixelHeight, scale: Double(timeline.scale),
            fps: timeline.fps.description, duration: timeline.duration,
            frames: isClip ? "\(frames.lowerBound)-\(frames.upperBound)" : nil, frameCount: isClip ? frames.count : 1,
            chunk: part?.chunk?.description, segments: segmentLayout?.count,
            segmentFrames: segmentLayout.flatMap { layout in
                layout.count > 1 ? layout.segments.map { "\($0.frames.lowerBound)-\($0.frames.upperBound)" } : nil
            },
            time: still?.time,
            crf: codec?.crfRange != nil ? options?.crf : nil,
            preset: codec?.hasPreset == true ? options?.preset : nil,
            lookahead: codec?.hasLookahead == true ? options?.resolvedLookahead : nil,
            keyframeInterval: codec?.hasKeyframeInterval == true ? options?.keyframeInterval : nil,
            maxBitrate: codec?.hasMaxBitrate == true ? options?.maxBitrate : nil,
            level: format?.codec.levelNames != nil ? options?.level : nil,
            threads: codec?.hasThreads == true ? options.map { $0.hasAutomaticThreads ? "auto" : String($0.resolvedEncoderThreads) } : nil,
            loop: format?.container.capabilities.loopOption != nil ? options?.loop : nil,
            background: timeline.background.map { $0 == .clear ? "transparent" : $0.name } ?? "none")
    }

    /// The plan as JSON, keys sorted, for scripts that check a job before a farm runs it.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(listing), as: UTF8.self)
    }

    /// The plan as lines of `name: value`, what `--dry-run` prints.
    public var summary: String {
        let l = listing
        var rows: [(String, String)] = [("output", l.output)]
        if let format {
            rows.append(("format", format.summary + (format.keepsAlpha ? ", alpha kept" : ", opaque")))
            rows.append(("encoder", format.codec.capabilities.encoderName))
        } else if let still {
            rows.append(("format", "\(still.format.displayName) still" + (still.format == .png && l.alpha ? ", alpha kept" : "")))
        }
        rows.append(("size", "\(l.width)x\(l.height) pixels (scale \(formatNumber(l.scale)))"))
        if let still {
            rows.append(("time", "\(formatNumber(still.time)) s"))
        } else {
            rows.append(("frames", "\(l.frames ?? "") (\(l.frameCount) of \(timeline.frameCount), \(l.fps) fps, "
                         + "\(formatNumber(timeline.duration)) s clip)"))
            if let chunk = l.chunk { rows.append(("chunk", chunk)) }
            if let layout = segmentLayout {
                let atOnce = layout.count > 1 ? ", up to \(segmentsAtOnce()) at once on this machine" : ""
                rows.append(("segments", layout.summary + atOnce))
            }
            if let rateNote { rows.append(("note", rateNote)) }
            let settings: [(String, String?)] = [
                ("crf", l.crf.map(String.init)), ("preset", l.preset), ("lookahead", l.lookahead.map(String.init)),
                ("keyframeInterval", l.keyframeInterval.map { formatNumber($0) + " s" }),
                ("maxBitrate", l.maxBitrate.map(formatBitrate)), ("level", l.level), ("threads", l.threads),
                ("loop", l.loop.map(String.init)),
            ]
            let given = settings.compactMap { key, value in value.map { "\(key) \($0)" } }
            if !given.isEmpty { rows.append(("settings", given.joined(separator: ", "))) }
        }
        rows.append(("background", l.background ?? "none"))
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")
    }
}
