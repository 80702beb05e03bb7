import FlipbookDrawing
import Foundation

/// A captions file as read: every cue the file gives, in file order and unchecked (a cue may end
/// before it starts, or overlap another), and what the reader skipped or replaced. `flipbook
/// captions` prints it; ``CaptionTrack`` checks it into the cues a layer shows.
///
/// ```swift
/// let file = try CaptionFile(contentsOf: URL(fileURLWithPath: "talk.vtt"))
/// file.cues.map(\.text)         // ["Every frame is a\npure function of time.", …]
/// file.warnings.map(\.description) // ["talk.vtt:9: the timing line "00:01 --> …" is not …"]
/// ```
public struct CaptionFile: Sendable, Equatable {
    /// The file, as messages name it.
    public var path: String
    /// The format it was read in.
    public var format: CaptionFormat
    /// The cues, in file order.
    public var cues: [CaptionCue]
    /// What was skipped or replaced while reading, in file order.
    public var warnings: [CaptionWarning]

    /// The most cues a file may have: a day of captions at one a second.
    public static let maximumCueCount = 100_000
    /// The most characters a cue's text may have, markup included.
    public static let maximumCueLength = 10_000

    /// The file at `url`, in `format` (by default the one its extension names), its bytes in
    /// `encoding` (an iconv name; by default UTF-8, or UTF-16 with a byte-order mark).
    ///
    /// - Throws: ``FlipbookError`` (invalid input) at the file for a size over
    ///   ``CaptionTrack/maximumFileSize``, an unknown format, bytes not in the encoding (naming the
    ///   line), more than ``maximumCueCount`` cues or a cue longer than ``maximumCueLength`` (naming
    ///   its line); at `encoding` for a name iconv does not know; a file error when it cannot be read.
    public init(contentsOf url: URL, format: CaptionFormat? = nil, encoding: String? = nil) throws {
        try self.init(contentsOf: url, format: format, encoding: encoding, keyPath: "")
    }

    /// As ``init(contentsOf:format:encoding:)``, with `keyPath` (a scene file's `layers[0]`) before
    /// the name of the `encoding` key in its error.
    package init(contentsOf url: URL, format: CaptionFormat?, encoding: String?, keyPath: String) throws {
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
        // A file that grew after its size was checked is held to the limit all the same.
        guard data.count <= CaptionTrack.maximumFileSize else {
            throw FlipbookError(.invalidInput, "The captions file \(path) has more than \(CaptionTrack.maximumFileSize) bytes; "
                                    + "at most \(CaptionTrack.maximumFileSize) are read.", at: FlipbookError.Location(file: path))
        }
        try self.init(data: data, format: format, encoding: encoding, path: path, keyPath: keyPath)
    }

    /// The file whose bytes are `data`, decoded as ``init(contentsOf:format:encoding:)`` decodes them;
    /// `path` names it in messages.
    package init(data: Data, format: CaptionFormat, encoding: String?, path: String, keyPath: String = "") throws {
        let text = try CaptionEncoding.text(of: data, encoding: encoding, path: path, keyPath: keyPath)
        try self.init(parsing: text, format: format, path: path)
    }

    /// The cues of `text`, a captions file in `format` (decoded, without a byte-order mark); `path`
    /// names it in messages.
    ///
    /// - Throws: ``FlipbookError`` as ``init(contentsOf:format:encoding:)`` does for the file's contents.
    public init(parsing text: String, format: CaptionFormat, path: String) throws {
        // A byte-order mark left in the text is no part of the first line.
        let body = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        let (cues, warnings) = try format.cues(of: body, path: path)
        self.path = path
        self.format = format
        self.cues = cues
        self.warnings = warnings
    }
}
