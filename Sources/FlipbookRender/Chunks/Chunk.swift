import FlipbookDrawing
import Foundation

/// The K-th of N contiguous parts of a clip's frames (1-based, like Jest's and Playwright's
/// `--shard`), for rendering one clip on many machines and joining the parts with ``concat(_:to:)``.
///
/// Every chunk is its own encode and so starts with a keyframe. Where the clip has at least N groups
/// of pictures (GOPs, a keyframe interval each), chunks are made of whole GOPs: chunk K of N starts at
/// GOP `⌊(K−1)·G/N⌋` of the clip's G, so its first keyframe is one a single render has too, and the
/// joined clip costs no more keyframes than one piece (chunk lengths then differ by up to one GOP).
/// Shorter clips, and codecs without GOPs, are split into N parts of equal length to a frame: chunk K
/// holds frames `⌊(K−1)·F/N⌋ … ⌊K·F/N⌋−1` of F. Either way the chunks cover every frame once.
public struct Chunk: Sendable, Hashable, CustomStringConvertible {
    /// Which chunk, from 1.
    public let index: Int
    /// How many chunks the clip is split into.
    public let count: Int

    /// The most chunks a clip may be split into.
    public static let maximumCount = 10_000

    /// Chunk `index` of `count`.
    ///
    /// - Parameter what: The value's name and key path in messages: `chunk`, or `shard` for a batch.
    /// - Throws: ``FlipbookError`` (invalid input, key path `what`) unless `1 ≤ index ≤ count ≤`
    ///   ``maximumCount``.
    public init(_ index: Int, of count: Int, naming what: String = "chunk") throws {
        guard (1...Self.maximumCount).contains(count) else {
            throw FlipbookError(invalid: what, "must split into 1 to \(Self.maximumCount) parts; it asks for \(count).",
                                at: .init(keyPath: what))
        }
        guard (1...count).contains(index) else {
            throw FlipbookError.mustBe(what, "a \(what) from 1 to \(count) (counted from 1)", itIs: "\(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Reads `K/N`, `auto/N` or `auto/auto`, taking `auto` from a job array's variables in
    /// `environment` (see ``JobArrayEnvironment``).
    ///
    /// - Parameter what: The value's name and key path in messages: `chunk`, or `shard` for a batch.
    /// - Throws: ``FlipbookError`` (invalid input, key path `what`) for text that is not such a
    ///   pair, numbers out of range, or `auto` with neither Slurm's nor Kubernetes' variables set.
    public init(parsing text: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                naming what: String = "chunk") throws {
        let (index, count) = try JobArrayEnvironment(environment).resolve(text, what: what)
        try self.init(index, of: count, naming: what)
    }

    /// `"2/4"`.
    public var description: String { "\(index)/\(count)" }

    /// This chunk's frames of a clip of `frameCount` frames, inclusive and zero-based.
    ///
    /// - Parameter groupOfPictures: The frames between keyframes the clip is encoded with
    ///   (``VideoOptions/gopLength(fps:)``), to start chunks on the single render's keyframes; `nil`
    ///   splits into parts of equal length.
    /// - Throws: ``FlipbookError`` (invalid input, key path `chunk`) when the clip has fewer frames
    ///   than chunks, so some chunk would be empty.
    public func frames(ofClipWith frameCount: Int, groupOfPictures: Int? = nil) throws -> ClosedRange<Int> {
        guard frameCount >= count else {
            throw FlipbookError(invalid: "chunk",
                "cannot split a clip of \(frameCount) frames into \(count) chunks: each chunk needs a frame; "
                    + "use \(max(1, frameCount)) chunks or fewer.", at: .init(keyPath: "chunk"))
        }
        // frameCount ≤ Timeline's limit and count ≤ 10 000, so no product below overflows.
        if let gop = groupOfPictures, gop > 0 {
            let groups = (frameCount + gop - 1) / gop
            if groups >= count {
                let first = (index - 1) * groups / count * gop
                let end = index == count ? frameCount : index * groups / count * gop
                return first...(end - 1)
            }
        }
        let first = (index - 1) * frameCount / count
        let end = index * frameCount / count
        return first...(end - 1)
    }

    /// `pattern` with every `{chunk}` replaced by ``index``, zero-padded to the width of ``count``
    /// (`out-{chunk}.mp4` → `out-02.mp4` for chunk 2 of 10), so every task of a job array can share
    /// one command line.
    public func fileName(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: Self.placeholder, with: paddedIndex)
    }

    /// ``index`` zero-padded to the number of digits of ``count``.
    public var paddedIndex: String {
        let digits = String(count).count
        let text = String(index)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The placeholder ``fileName(_:)`` replaces.
    public static let placeholder = "{chunk}"
}

extension SettingFormat where Value == Chunk {
    /// `K/N`, `auto/N` or `auto/auto` (``Chunk/init(parsing:environment:)``).
    public static var chunk: SettingFormat {
        SettingFormat(text: { $0.description }, fromText: { text, _ in try Chunk(parsing: text) })
    }
}
