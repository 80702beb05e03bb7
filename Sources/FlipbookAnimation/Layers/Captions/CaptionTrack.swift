import FlipbookDrawing
import Foundation

/// The cues of a captions file, read and checked: every cue ends after it starts, and cues do not
/// overlap unless the overlap rule merges them.
///
/// ```swift
/// let track = try CaptionTrack(contentsOf: URL(fileURLWithPath: "talk.srt"))
/// track.cues.first?.words.map(\.text)    // ["Hello", "there"]
/// ```
public struct CaptionTrack: Sendable, Equatable {
    /// What happens when a cue starts before the previous one ends.
    public enum Overlap: String, Sendable, Equatable, CaseIterable {
        /// It is an error naming the cue's line.
        case error
        /// The cue joins the previous one: its words follow the previous cue's, and the joined cue
        /// lasts until the later end.
        case merge
    }

    /// The cues in file order (merged ones joined).
    public var cues: [CaptionCue]
    /// The file the cues came from, as messages name it.
    public var path: String
    /// Whether each cue starts a page of its own (SRT and WebVTT cues), or words are grouped into
    /// pages across cues (word timings).
    public var cuesArePages: Bool

    /// The most bytes a captions file may have: hours of transcript, and few enough to read at once.
    public static let maximumFileSize = 64 << 20

    /// The cues of the file at `url`, in `format` (by default the one its extension names).
    ///
    /// - Throws: ``FlipbookError`` (invalid input) at the file and 1-based line of the first malformed
    ///   cue or timestamp, a cue whose end is not after its start, or (unless `overlap` is
    ///   ``Overlap/merge``) a cue starting before the previous one ends; a file error when it cannot be read.
    public init(contentsOf url: URL, format: CaptionFormat? = nil, overlap: Overlap = .error) throws {
        let path = url.path
        guard let format = format ?? CaptionFormat(pathExtension: url.pathExtension) else {
            throw FlipbookError(.invalidInput, "\(path): cannot tell the captions format from the extension "
                                    + "\".\(url.pathExtension)\"; name it .srt, .vtt or .json, or give the format "
                                    + "(\(CaptionFormat.allCases.map(\.rawValue).joined(separator: ", ")))",
                                at: FlipbookError.Location(file: path))
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw FlipbookError.file("There is no captions file \(path).", path: path)
        }
        if let size = attributes?[.size] as? Int, size > CaptionTrack.maximumFileSize {
            throw FlipbookError(.invalidInput, "The captions file \(path) has \(size) bytes; at most "
                                    + "\(CaptionTrack.maximumFileSize) are read.", at: FlipbookError.Location(file: path))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FlipbookError.file("Cannot read the captions file \(path): \(error.localizedDescription)", path: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FlipbookError(.invalidInput, "The captions file \(path) is not UTF-8 text.", at: FlipbookError.Location(file: path))
        }
        try self.init(parsing: text, format: format, path: path, overlap: overlap)
    }

    /// The cues of `text`, a captions file in `format`; `path` names it in messages.
    ///
    /// - Throws: ``FlipbookError`` as ``init(contentsOf:format:overlap:)`` does for the file's contents.
    public init(parsing text: String, format: CaptionFormat, path: String, overlap: Overlap = .error) throws {
        try self.init(cues: try format.cues(of: text, path: path), path: path, cuesArePages: format != .json, overlap: overlap)
    }

    /// The cues given, checked as a file's are; `path` names them in messages.
    public init(cues: [CaptionCue], path: String, cuesArePages: Bool = true, overlap: Overlap = .error) throws {
        var checked: [CaptionCue] = []
        for cue in cues {
            guard cue.start.isFinite, cue.end.isFinite, cue.start >= 0 else {
                throw captionError(path, line: cue.line, "a cue's times must be finite and from 0 seconds; "
                                       + "it runs from \(formatNumber(cue.start)) to \(formatNumber(cue.end))")
            }
            guard cue.end > cue.start else {
                throw captionError(path, line: cue.line, "the cue ends at \(CaptionTimestamp.spoken(cue.end)), "
                                       + "not after its start at \(CaptionTimestamp.spoken(cue.start))")
            }
            if let previous = checked.last, cue.start < previous.end {
                guard overlap == .merge else {
                    let other = previous.line > 0 ? "the cue on line \(previous.line)" : "the previous cue"
                    throw captionError(path, line: cue.line, "the cue starting at \(CaptionTimestamp.spoken(cue.start)) "
                                           + "overlaps \(other), which ends at \(CaptionTimestamp.spoken(previous.end)); "
                                           + "give \"overlap\": \"merge\" to join overlapping cues")
                }
                checked[checked.count - 1].words += cue.words
                checked[checked.count - 1].end = max(previous.end, cue.end)
                continue
            }
            checked.append(cue)
        }
        self.cues = checked
        self.path = path
        self.cuesArePages = cuesArePages
    }

    /// The cues that start at or after `duration` seconds (the clip's end, in the layer's clock),
    /// which are never shown.
    public func cues(startingAtOrAfter duration: TimeInterval) -> [CaptionCue] {
        cues.filter { $0.start >= duration }
    }

    /// A warning for each cue past `duration`: "talk.srt:37: the cue at 65 seconds starts after the
    /// clip ends (60 seconds); it is not shown."
    public func warnings(clipDuration duration: TimeInterval) -> [String] {
        cues(startingAtOrAfter: duration).map { cue in
            let place = cue.line > 0 ? "\(path):\(cue.line)" : path
            return "\(place): the cue at \(CaptionTimestamp.spoken(cue.start)) starts after the clip ends "
                + "(\(CaptionTimestamp.spoken(duration))); it is not shown."
        }
    }
}
