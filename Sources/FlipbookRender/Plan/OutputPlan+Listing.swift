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
        /// `true` when the bytes depend on the machine that renders them (`--threads auto`: the
        /// encoder's own threads and every kernel its CPU has); absent when they do not.
        public var machineDependent: Bool?
        /// A still's moment in seconds.
        public var time: Double?
        public var background: String?
        /// When a timeline holds a sequence: every layer's start and end in timeline seconds.
        public var layers: [Timeline.LayerTime]?
        /// The encoder settings the codec has, by key, as it will encode them (a preset's own
        /// lookahead, the default threads): `crf`, `preset`, `lookahead`, `threads`, …; JSON lists
        /// them beside the other keys.
        public var settings: [String: ListedValue] = [:]

        // The plan's own keys; the settings are listed beside them, by the rows' keys.
        private enum CodingKeys: String, CodingKey, CaseIterable {
            case output, kind, container, codec, encoder, pixelFormat, alpha, width, height, scale, fps, duration
            case frames, frameCount, chunk, segments, segmentFrames, machineDependent, time, background, layers
        }

        private struct SettingKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// Reads a listing as `--dry-run --json` prints it: the plan's keys and the settings beside them.
        public static func decode(_ data: Data) throws -> Listing {
            var listing = try JSONDecoder().decode(Listing.self, from: data)
            listing.settings = try JSONDecoder().decode(Settings.self, from: data).values
            return listing
        }

        /// The keys that are not the plan's own.
        private struct Settings: Decodable {
            var values: [String: ListedValue] = [:]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: SettingKey.self)
                let own = Set(CodingKeys.allCases.map(\.rawValue))
                for key in container.allKeys where !own.contains(key.stringValue) {
                    values[key.stringValue] = try container.decode(ListedValue.self, forKey: key)
                }
            }
        }

        /// Encodes the plan's keys, then each setting beside them.
        fileprivate struct Flat: Encodable {
            let listing: Listing
            func encode(to encoder: any Encoder) throws {
                try listing.encode(to: encoder)
                var container = encoder.container(keyedBy: SettingKey.self)
                for (key, value) in listing.settings { try container.encode(value, forKey: SettingKey(stringValue: key)) }
            }
        }
    }

    /// The plan as a ``Listing``.
    public var listing: Listing {
        let codec = format?.codec.capabilities
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
            machineDependent: hasMachineDependentBytes ? true : nil,
            time: still?.time,
            background: timeline.background.map { $0 == .clear ? "transparent" : $0.name } ?? "none",
            layers: timeline.hasSequence ? timeline.layerTimes : nil,
            settings: format.map { listedSettings(for: $0.codec) } ?? [:])
    }

    /// Whether the clip's bytes depend on the machine: `--threads auto` for a codec with threads.
    private var hasMachineDependentBytes: Bool {
        still == nil && format?.codec.capabilities.hasThreads == true && options?.hasAutomaticThreads == true
    }

    /// The values of the encoder's rows that `codec` has, as the encode will use them.
    private func listedSettings(for codec: VideoCodec) -> [String: ListedValue] {
        guard let options = options?.resolved else { return [:] }
        var listed: [String: ListedValue] = [:]
        for setting in Setting.encoderSettings where setting.codecs?.contains(codec.rawValue) == true {
            listed[setting.key] = setting.field?.listed(in: options)
        }
        return listed
    }

    /// The plan as JSON, keys sorted, for scripts that check a job before a farm runs it.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Listing.Flat(listing: listing)), as: UTF8.self)
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
                if let cache = segmentCache {
                    rows.append(("cache", "\(cache.directory.path), at most \(MemoryAmount.format(cache.limit))"))
                }
            } else if segmentCache != nil {
                rows.append(("cache", SegmentCache.notUsedNote))
            }
            if let rateNote { rows.append(("note", rateNote)) }
            if hasMachineDependentBytes { rows.append(("threads", VideoOptions.automaticThreadsNote)) }
            let resolved = (options ?? VideoOptions()).resolved
            let given = Setting.encoderSettings.compactMap { setting in
                l.settings[setting.key] == nil ? nil : setting.field?.text(in: resolved).map { "\(setting.key) \($0)" }
            }
            if !given.isEmpty { rows.append(("settings", given.joined(separator: ", "))) }
        }
        rows.append(("background", l.background ?? "none"))
        for time in l.layers ?? [] { rows.append((time.layer, time.span)) }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")
    }
}
