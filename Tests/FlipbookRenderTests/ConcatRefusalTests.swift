import Flipbook
import FlipbookVideo
import FlipbookTestSupport
import Foundation
import Testing

/// Three chunks of a 37-frame clip, and the paths of what a refusal must not leave.
private struct Chunks {
    let scratch: TemporaryDirectory
    let timeline: Timeline
    let files: [URL]
    var output: URL { scratch.file("joined.mp4") }

    init() throws {
        scratch = try TemporaryDirectory("concat")
        timeline = try movingRectTimeline(width: 64, height: 48, fps: 10, duration: 3.7)
        let timeline = timeline, scratch = scratch
        files = try (1...3).map { index in
            let url = scratch.file("c-\(index).mp4")
            try render(timeline, part: ClipPart(Chunk(index, of: 3), of: timeline), to: url, workers: 1)
            return url
        }
    }

    /// Joining `parts` must fail with exactly `message` (after "Cannot join OUT: ") and leave no file.
    func expectRefusal(_ parts: [URL], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectInvalid("Cannot join \(output.path): \(message)", sourceLocation: sourceLocation) {
            try concat(parts, to: output)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), sourceLocation: sourceLocation)
        #expect(scratch.partialFiles.isEmpty, sourceLocation: sourceLocation)
    }
}

@Suite("Concat refusals")
struct ConcatRefusalTests {
    @Test("a missing chunk is named")
    func missingChunk() throws {
        let chunks = try Chunks()
        try chunks.expectRefusal([chunks.files[0], chunks.files[2]], "chunk 2/3 is missing: no file holds frames 12-23.")
        let gone = chunks.scratch.file("c-4.mp4")
        try chunks.expectRefusal(chunks.files + [gone], "\(gone.path) does not exist.")
    }

    @Test("a chunk given twice, or two files of the same chunk, are refused")
    func duplicates() throws {
        let chunks = try Chunks()
        try chunks.expectRefusal(chunks.files + [chunks.files[1]], "\(chunks.files[1].path) is given twice.")
        let copy = chunks.scratch.file("copy-of-2.mp4")
        try FileManager.default.copyItem(at: chunks.files[1], to: copy)
        try chunks.expectRefusal(chunks.files + [copy],
            "\(chunks.files[1].path) and \(copy.path) are both chunk 2/3 (frames 12-23); give each chunk once.")
    }

    @Test("a chunk of another scene, or of other options, is refused")
    func otherSceneOrOptions() throws {
        let chunks = try Chunks()
        let other = chunks.scratch.file("other.mp4")
        let taller = try movingRectTimeline(width: 64, height: 48, fps: 10, duration: 3.7, background: .yellow)
        try render(taller, part: ClipPart(Chunk(2, of: 3), of: taller), to: other, workers: 1)
        let otherRecord = try #require(try recordOf(other))
        let record = try #require(try recordOf(chunks.files[0]))
        try chunks.expectRefusal([chunks.files[0], other, chunks.files[2]],
            "\(other.path) is from a different scene than \(chunks.files[0].path) (scene \(otherRecord.sceneDigest.prefix(12)), "
                + "37 frames, against \(record.sceneDigest.prefix(12)), 37 frames).")

        let sharper = chunks.scratch.file("sharper.mp4")
        var options = VideoOptions()
        options.crf = 18
        try render(chunks.timeline, part: ClipPart(Chunk(3, of: 3), of: chunks.timeline), to: sharper, options: options,
                   workers: 1)
        let sharperRecord = try #require(try recordOf(sharper))
        try chunks.expectRefusal([chunks.files[0], chunks.files[1], sharper],
            "\(sharper.path) was rendered with different options than \(chunks.files[0].path) "
                + "(options \(sharperRecord.optionsDigest.prefix(12)) against \(record.optionsDigest.prefix(12))).")
    }

    @Test("a broken chunk is refused: cut short, or not a video at all")
    func broken() throws {
        let chunks = try Chunks()
        let data = try Data(contentsOf: chunks.files[1])
        try data.prefix(data.count * 2 / 3).write(to: chunks.files[1])
        let error = expectFlipbookError(.invalidInput) { try concat(chunks.files, to: chunks.output) }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("Cannot join \(chunks.output.path): \(chunks.files[1].path) is broken: "), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: chunks.output.path))

        try Data("not a video".utf8).write(to: chunks.files[1])
        let garbage = expectFlipbookError(.invalidInput) { try concat(chunks.files, to: chunks.output) }
        #expect(garbage?.message.hasPrefix(
            "Cannot join \(chunks.output.path): \(chunks.files[1].path) is broken: libavformat cannot read it") == true,
            "\(garbage?.message ?? "")")
        #expect(chunks.scratch.partialFiles.isEmpty)
    }

    @Test("a clip that is not a chunk, and formats that cannot be joined, are refused")
    func notChunks() throws {
        let chunks = try Chunks()
        let plain = chunks.scratch.file("plain.mp4")
        try render(chunks.timeline, to: plain, workers: 1)
        try chunks.expectRefusal([plain],
            "\(plain.path) is not a Flipbook chunk: its metadata has no chunk record (render chunks with --chunk K/N).")
        try expectInvalid("Cannot join \(chunks.scratch.path("j.gif")): GIF cannot be joined without re-encoding; "
            + "join MP4, MOV, WebM or Matroska chunks.") {
            try concat(chunks.files, to: chunks.scratch.file("j.gif"))
        }
        try expectInvalid("Cannot join \(chunks.scratch.path("j.webm")): WebM cannot hold the chunks' h264 video; "
            + "name the output like the chunks (mp4).") {
            try concat(chunks.files, to: chunks.scratch.file("j.webm"))
        }
        try expectInvalid("output cannot be a chunk: GIF cannot be joined without re-encoding; "
            + "render chunks as .mp4, .mov, .webm, .mkv or a PNG sequence.") {
            try render(chunks.timeline, part: ClipPart(Chunk(1, of: 3), of: chunks.timeline), to: chunks.scratch.file("c.gif"))
        }
    }

    @Test("chunks join into another container that holds their codec: MP4 chunks into Matroska")
    func otherContainer() throws {
        let chunks = try Chunks()
        let joined = chunks.scratch.file("joined.mkv")
        try concat(chunks.files, to: joined)
        let clip = try decodeClip(joined)
        #expect(clip.frameCount == 37)
        #expect(clip.containerName == "matroska,webm")
    }
}

private func recordOf(_ url: URL) throws -> ChunkRecord? {
    try ClipReader(url).comment.flatMap(ChunkRecord.init(parsing:))
}
