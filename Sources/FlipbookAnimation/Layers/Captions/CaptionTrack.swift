import FlipbookDrawing
import Foundation

/// The cues of a captions file that can be shown, checked and in time order: every cue ends after
/// it starts, and overlapping cues are stacked, merged or refused as the overlap rule says. Cues
/// that cannot be shown are left out with a warning.
///
/// ```swift
/// let track = try CaptionTrack(contentsOf: URL(fileURLWithPath: "talk.srt"))
/// track.cues.first?.words.map(\.text)    // ["Hello", "there"]
/// ```
public struct CaptionTrack: Sendable, Equatable {
    /// What happens when a cue starts before the previous one ends.
    public enum Overlap: String, Sendable, Equatable, CaseIterable {
        /// Both are shown, the later one above the earlier, as players show them.
        case stack
        /// It is an error naming the cue's line.
        case error
        /// The cue joins the previous one: its words follow the previous cue's, and the joined cue
        /// lasts until the later end.
        case merge
    }

    /// The cues shown, in the order they start (merged ones joined).
    public var cues: [CaptionCue]
    /// The file the cues came from, as messages name it.
    public var path: String
    /// Whether each cue starts a page of its own (SRT and WebVTT cues), or words are grouped into
    /// pages across cues (word timings).
    public var cuesArePages: Bool
    /// What reading the file and checking its cues left out: cues skipped, characters replaced.
    public var fileWarnings: [CaptionWarning]

    /// The most bytes a captions file may have: hours of transcript, and few enough to read at once.
    public static let maximumFileSize = 64 << 20

    /// The cues of the file at `url`, in `format` (by default the one its extension names).
    ///
    /// - Throws: ``FlipbookError`` as ``CaptionFile/init(contentsOf:format:encoding:)`` does, and (with
    ///   `overlap` ``Overlap/error``) at the line of a cue starting before the previous one ends.
    public init(contentsOf url: URL, format: CaptionFormat? = nil, overlap: Overlap = .stack) throws {
        try self.init(CaptionFile(contentsOf: url, format: format), overlap: overlap)
    }

    /// The cues of `text`, a captions file in `format`; `path` names it in messages.
    ///
    /// - Throws: ``FlipbookError`` as ``init(contentsOf:format:overlap:)`` does for the file's contents.
    public init(parsing text: String, format: CaptionFormat, path: String, overlap: Overlap = .stack) throws {
        try self.init(CaptionFile(parsing: text, format: format, path: path), overlap: overlap)
    }

    /// The cues of `file` that can be shown.
    ///
    /// - Throws: ``FlipbookError`` (invalid input), with `overlap` ``Overlap/error``, at the line of a
    ///   cue starting before the previous one ends.
    public init(_ file: CaptionFile, overlap: Overlap = .stack) throws {
        try self.init(cues: file.cues, path: file.path, cuesArePages: file.format != .json, overlap: overlap,
                      warnings: file.warnings)
    }

    /// The cues given, checked as a file's are; `path` names them in messages.
    ///
    /// - Throws: ``FlipbookError`` (invalid input), with `overlap` ``Overlap/error``, naming the line
    ///   of a cue starting before the previous one ends.
    public init(cues: [CaptionCue], path: String, cuesArePages: Bool = true, overlap: Overlap = .stack) throws {
        try self.init(cues: cues, path: path, cuesArePages: cuesArePages, overlap: overlap, warnings: [])
    }

    private init(cues: [CaptionCue], path: String, cuesArePages: Bool, overlap: Overlap, warnings: [CaptionWarning]) throws {
        var fileWarnings = CaptionWarnings(path: path)
        var checked: [CaptionCue] = []
        // Players show cues by time, whatever their order in the file.
        let ordered = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        for cue in ordered {
            guard cue.start.isFinite, cue.end.isFinite, cue.start >= 0 else {
                fileWarnings.add(line: cue.line, "a cue's times must be finite and from 0 seconds; it runs from "
                                     + "\(formatNumber(cue.start)) to \(formatNumber(cue.end)), so it is never shown.")
                continue
            }
            guard cue.end > cue.start else {
                fileWarnings.add(line: cue.line, "the cue ends at \(CaptionTimestamp.spoken(cue.end)), not after its start at "
                                     + "\(CaptionTimestamp.spoken(cue.start)), so it is never shown.")
                continue
            }
            if let previous = checked.last, cue.start < previous.end, overlap != .stack {
                guard overlap == .merge else {
                    let other = previous.line > 0 ? "the cue on line \(previous.line)" : "the previous cue"
                    throw captionError(path, line: cue.line, "the cue starting at \(CaptionTimestamp.spoken(cue.start)) "
                                           + "overlaps \(other), which ends at \(CaptionTimestamp.spoken(previous.end)); "
                                           + "give \"overlap\": \"merge\" to join overlapping cues")
                }
                checked[checked.count - 1].join(cue)
                continue
            }
            checked.append(cue)
        }
        self.cues = checked
        self.path = path
        self.cuesArePages = cuesArePages
        self.fileWarnings = warnings + fileWarnings.all
    }

    /// The cues that start at or after `duration` seconds (the clip's end, in the layer's clock),
    /// which are never shown.
    public func cues(startingAtOrAfter duration: TimeInterval) -> [CaptionCue] {
        cues.filter { $0.start >= duration }
    }

    /// The warnings of the track in a clip of `duration` seconds: ``fileWarnings``, a file with no cue
    /// to show, and each cue past the clip ("talk.srt:37: the cue at 65 seconds starts after the clip
    /// ends (60 seconds); it is not shown.").
    /// A long file past a short clip gives the first hundred of them and a count.
    public func warnings(clipDuration duration: TimeInterval) -> [String] {
        let empty = cues.isEmpty ? ["\(path): the file has no cue to show; the captions layer draws nothing."] : []
        let late = cues(startingAtOrAfter: duration)
        let more = late.count > CaptionWarnings.limit
            ? ["\(path): \(late.count - CaptionWarnings.limit) more cues start after the clip ends; they are not shown."] : []
        return fileWarnings.map(\.description) + empty + late.prefix(CaptionWarnings.limit).map { cue in
            let place = cue.line > 0 ? "\(path):\(cue.line)" : path
            return "\(place): the cue at \(CaptionTimestamp.spoken(cue.start)) starts after the clip ends "
                + "(\(CaptionTimestamp.spoken(duration))); it is not shown."
        } + more
    }
}

extension CaptionCue {
    /// `other`'s words and text after this cue's, on a line of their own, until the later end.
    mutating func join(_ other: CaptionCue) {
        if !words.isEmpty, !other.words.isEmpty { words[words.count - 1].endsLine = true }
        let offset = text.unicodeScalars.count + (text.isEmpty ? 0 : 1)
        spans += other.spans.map { span in
            var moved = span
            moved.start += offset
            moved.end += offset
            return moved
        }
        text += (text.isEmpty || other.text.isEmpty ? "" : "\n") + other.text
        words += other.words
        hasWordTimings = hasWordTimings || other.hasWordTimings
        end = max(end, other.end)
    }
}
