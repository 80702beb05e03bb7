import FlipbookCore
import Foundation

/// What a chunk file says about itself, in its container's `comment` tag, so that joining can
/// check the chunks belong together without being told.
///
/// The tag reads `flipbook-chunk/1 chunk=2/4 frames=30-59 clip=120 fps=60 scene=… options=…`: which
/// of how many chunks (`-` for a part rendered by frame range alone), its frames of the whole clip
/// (inclusive, zero-based), the whole clip's frame count and frame rate, and digests of the scene and of the
/// encoding options. MP4 and MOV keep it as `©cmt`, Matroska and WebM as a `COMMENT` tag; nothing
/// in it depends on the machine or the time, so chunks stay byte-for-byte reproducible.
public struct ChunkRecord: Sendable, Hashable, CustomStringConvertible {
    /// Which chunk this is (1-based) and of how many, or `nil` for a part named only by its frames.
    public var chunk: (index: Int, count: Int)? {
        get { chunkIndex.map { ($0, chunkCount) } }
        set {
            chunkIndex = newValue?.index
            chunkCount = newValue?.count ?? 0
        }
    }
    private var chunkIndex: Int?
    private var chunkCount = 0
    /// The whole clip's frames this part holds, inclusive and zero-based.
    public var frames: ClosedRange<Int>
    /// How many frames the whole clip has.
    public var clipFrameCount: Int
    /// The clip's frame rate (a chunk's timestamps count frames of it).
    public var fps: FrameRate
    /// A digest of what was drawn (the scene and its timeline), as hexadecimal digits.
    public var sceneDigest: String
    /// A digest of how it was encoded (codec, quality, size, frame rate), as hexadecimal digits.
    public var optionsDigest: String

    /// The tag's first word, with the format's version.
    static let marker = "flipbook-chunk/1"

    /// A record of part `frames` of a clip of `clipFrameCount` frames.
    public init(chunk: (index: Int, count: Int)?, frames: ClosedRange<Int>, clipFrameCount: Int, fps: FrameRate,
                sceneDigest: String, optionsDigest: String) {
        self.fps = fps
        chunkIndex = chunk?.index
        chunkCount = chunk?.count ?? 0
        self.frames = frames
        self.clipFrameCount = clipFrameCount
        self.sceneDigest = sceneDigest
        self.optionsDigest = optionsDigest
    }

    /// The tag's text.
    public var description: String {
        let chunk = chunkIndex.map { "\($0)/\(chunkCount)" } ?? "-"
        return "\(Self.marker) chunk=\(chunk) frames=\(frames.lowerBound)-\(frames.upperBound) "
            + "clip=\(clipFrameCount) fps=\(fps.exactDescription) scene=\(sceneDigest) options=\(optionsDigest)"
    }

    /// How people call this part in messages: "chunk 2/4 (frames 30-59)" or "frames 30-59".
    public var name: String {
        let range = "frames \(frames.lowerBound)-\(frames.upperBound)"
        return chunkIndex.map { "chunk \($0)/\(chunkCount) (\(range))" } ?? range
    }

    /// Reads a tag written by ``description``; `nil` when `text` is not one (or is inconsistent).
    public init?(parsing text: String) {
        let words = text.split(separator: " ")
        guard words.first.map(String.init) == Self.marker else { return nil }
        var fields: [String: String] = [:]
        for word in words.dropFirst() {
            let pair = word.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            fields[String(pair[0])] = String(pair[1])
        }
        guard let chunkText = fields["chunk"], let framesText = fields["frames"],
              let clip = fields["clip"].flatMap({ Int($0) }), let rate = fields["fps"], let scene = fields["scene"], let options = fields["options"]
        else { return nil }
        let bounds = framesText.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard bounds.count == 2, let first = bounds[0], let last = bounds[1], first >= 0, first <= last, last < clip
        else { return nil }
        let terms = rate.split(separator: "/").map { Int($0) }
        guard let numerator = terms.first ?? nil, terms.count <= 2, terms.last != nil else { return nil }
        let fps = FrameRate(numerator, terms.count == 2 ? terms[1] ?? 0 : 1)
        guard (try? fps.validate()) != nil else { return nil }
        self.fps = fps
        if chunkText == "-" {
            chunkIndex = nil
        } else {
            let parts = chunkText.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index)
            else { return nil }
            chunkIndex = index
            chunkCount = count
        }
        frames = first...last
        clipFrameCount = clip
        sceneDigest = scene
        optionsDigest = options
    }

    public static func == (a: ChunkRecord, b: ChunkRecord) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
