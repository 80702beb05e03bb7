import Flipbook
import Foundation

/// One picture checked against its reference PNG: the work of ``assertFrames(of:at:matching:tolerance:record:filePath:fileID:line:column:)``
/// and ``assertStill(_:matching:tolerance:record:filePath:fileID:line:column:)`` without the reporting.
public struct Snapshot: Sendable {
    /// The reference PNG.
    public var reference: URL
    /// Where a failure writes the picture drawn, the reference and the difference image: beside
    /// the reference, `name.actual.png`, `name.expected.png`, `name.diff.png`.
    public var actualURL: URL { sibling("actual") }
    public var expectedURL: URL { sibling("expected") }
    public var differenceURL: URL { sibling("diff") }

    /// What checking a picture found.
    public enum Outcome: Sendable {
        /// Within the tolerance.
        case matched(ImageComparison)
        /// The picture was written as the reference: asked for (`record`), or there was none.
        case recorded(missing: Bool)
        /// Not within the tolerance, or not comparable; the message says why and where the pictures went.
        case failed(String, ImageComparison?)
    }

    /// The snapshot whose reference is `reference`.
    public init(reference: URL) {
        self.reference = reference
    }

    /// Compares `picture` with the reference, or records it (when `record`, or when there is no
    /// reference yet). A failure writes the actual, expected and difference images; a match removes
    /// those an earlier failure left.
    ///
    /// - Throws: ``FlipbookError`` when a file cannot be read or written.
    public func check(_ picture: Bitmap, tolerance: SnapshotTolerance, record: Bool) throws -> Outcome {
        let exists = FileManager.default.fileExists(atPath: reference.path)
        if record || !exists {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try picture.writePNG(to: reference)
            return .recorded(missing: !exists)
        }
        let expected = try Bitmap(contentsOfPNG: reference)
        let comparison: ImageComparison
        do {
            comparison = try ImageComparison(actual: picture, expected: expected)
        } catch let error as FlipbookError {
            try picture.writePNG(to: actualURL)
            return .failed("Snapshot \(reference.path) does not match: \(error.message) Wrote the picture drawn to "
                           + "\(actualURL.path).", nil)
        }
        if tolerance.accepts(comparison) {
            for url in [actualURL, expectedURL, differenceURL] { try? FileManager.default.removeItem(at: url) }
            return .matched(comparison)
        }
        try picture.writePNG(to: actualURL)
        try expected.writePNG(to: expectedURL)
        try comparison.differenceImage().writePNG(to: differenceURL)
        return .failed("Snapshot \(reference.path) does not match (\(tolerance)): \(comparison.summary). Wrote "
                       + "\(actualURL.lastPathComponent), \(expectedURL.lastPathComponent) and "
                       + "\(differenceURL.lastPathComponent) beside it.", comparison)
    }

    /// `party-0.5s.png` → `party-0.5s.<kind>.png`.
    private func sibling(_ kind: String) -> URL {
        reference.deletingPathExtension().appendingPathExtension(kind).appendingPathExtension("png")
    }

    /// Whether the environment asks every snapshot to be recorded again: `FLIPBOOK_RECORD=1`.
    public static var recordsAll: Bool {
        ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"] == "1"
    }

    /// The reference of frame `time` of the snapshot `name`: `name-<time>s.png` (`party-0.5s.png`),
    /// a relative `name` resolved against `directory` (the test file's).
    static func reference(_ name: String, time: TimeInterval?, directory: URL) -> URL {
        let suffix = time.map { "-\(formatSeconds($0))s" } ?? ""
        return URL(fileURLWithPath: name + suffix + ".png", relativeTo: directory).standardizedFileURL
    }
}

/// 0 → "0", 0.5 → "0.5", 1.25 → "1.25": the shortest form that reads back the same.
func formatSeconds(_ value: TimeInterval) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
