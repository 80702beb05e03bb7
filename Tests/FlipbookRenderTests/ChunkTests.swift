import CFFmpeg
import Flipbook
import FlipbookTestSupport
import FlipbookVideo
import Foundation
import Testing

/// 37 frames at 10 fps: not a multiple of any chunk count from 2 to 8.
private func oddTimeline(background: Color? = .white) throws -> Timeline {
    try movingRectTimeline(width: 64, height: 48, fps: 10, duration: 3.7, background: background)
}

/// Renders `timeline` as `count` chunks named `stem-{chunk}.ext` and returns their files, in order.
private func renderChunks(_ timeline: Timeline, count: Int, in scratch: TemporaryDirectory, file: String,
                          options: VideoOptions = VideoOptions()) throws -> [URL] {
    try (1...count).map { index in
        let chunk = try Chunk(index, of: count)
        let url = scratch.file(chunk.fileName(file))
        try render(timeline, part: ClipPart(chunk, of: timeline), to: url, options: options, workers: 1)
        return url
    }
}

/// Every video packet of `url`: its bytes, whether it is a keyframe, and its presentation time in seconds.
private func packets(_ url: URL) throws -> [(data: [UInt8], key: Bool, time: Double)] {
    let reader = try ClipReader(url)
    var list: [(data: [UInt8], key: Bool, time: Double)] = []
    try reader.forEachPacket { packet in
        let data = packet.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(packet.pointee.size))) } ?? []
        list.append((data, packet.pointee.flags & AV_PKT_FLAG_KEY != 0,
                     Double(packet.pointee.pts) * av_q2d(reader.timeBase)))
    }
    return list
}

@Suite("Chunks")
struct ChunkTests {
    @Test("chunk K of N covers its share of the frames, every frame once", arguments: 1...8)
    func boundaries(count: Int) throws {
        var covered: [Int] = []
        for index in 1...count {
            let frames = try Chunk(index, of: count).frames(ofClipWith: 37)
            covered += Array(frames)
            #expect(frames.count == 37 / count || frames.count == 37 / count + 1, "chunk \(index)/\(count): \(frames)")
        }
        #expect(covered == Array(0..<37))
    }

    @Test("with at least N groups of pictures, chunks are whole GOPs; with fewer, equal parts", arguments: 1...8)
    func groupsOfPictures(count: Int) throws {
        // 37 frames in GOPs of 10: four GOPs, the last of 7 frames.
        var covered: [Int] = []
        for index in 1...count {
            let chunk = try Chunk(index, of: count)
            let frames = try chunk.frames(ofClipWith: 37, groupOfPictures: 10)
            covered += Array(frames)
            if count <= 4 {
                #expect(frames.lowerBound == (index - 1) * 4 / count * 10, "chunk \(chunk): \(frames)")
            } else {
                #expect(frames == (try chunk.frames(ofClipWith: 37)), "chunk \(chunk): \(frames)")
            }
        }
        #expect(covered == Array(0..<37))
        // B3 at 60 fps: 600 frames, a keyframe every 2 s.
        let b3 = try (1...4).map { try Chunk($0, of: 4).frames(ofClipWith: 600, groupOfPictures: 120) }
        #expect(b3 == [0...119, 120...239, 240...359, 360...599])
    }

    @Test("chunks of whole GOPs join into a clip with the single render's keyframes")
    func keyframesOfOnePiece() throws {
        let scratch = try TemporaryDirectory("chunks")
        // Wide enough that the rectangle never leaves the picture: no scene cut, so x264's own
        // keyframes fall every 10 frames.
        let timeline = try movingRectTimeline(width: 400, height: 48, fps: 10, duration: 3.7)
        var options = VideoOptions()
        options.keyframeInterval = 1
        let parts = try (1...3).map { index -> URL in
            let url = scratch.file("k-\(index).mp4")
            try render(timeline, chunk: Chunk(index, of: 3), to: url, options: options, workers: 1)
            return url
        }
        try concat(parts, to: scratch.file("joined.mp4"))
        try render(timeline, to: scratch.file("whole.mp4"), options: options, workers: 1)
        // Frames (at 10 fps) that are keyframes.
        let keyframes = { (url: URL) in try packets(url).filter(\.key).map { Int(($0.time * 10).rounded()) } }
        #expect(try keyframes(scratch.file("joined.mp4")) == [0, 10, 20, 30])
        #expect(try keyframes(scratch.file("whole.mp4")) == [0, 10, 20, 30])
    }

    @Test("joined chunks have exactly the whole clip's frames and timestamps", arguments: 1...8)
    func joinedFrames(count: Int) throws {
        let scratch = try TemporaryDirectory("chunks")
        let timeline = try oddTimeline()
        let parts = try renderChunks(timeline, count: count, in: scratch, file: "part-{chunk}.mp4")
        let joined = scratch.file("joined.mp4")
        let report = try concat(parts.reversed(), to: joined)
        #expect(report.frameCount == 37)
        #expect(report.partCount == count)
        let clip = try decodeClip(joined)
        #expect(clip.frameCount == 37)
        #expect(clip.frameTimes.enumerated().allSatisfy { abs($0.element - Double($0.offset) / 10) < 1e-6 },
                "\(clip.frameTimes)")
        // The picture at each frame is the whole render's: the rectangle moves 10 points a frame.
        try render(timeline, to: scratch.file("whole.mp4"), workers: 1)
        let whole = try decodeClip(scratch.file("whole.mp4"))
        for k in 0..<37 {
            #expect(meanDifference(clip.frames[k], whole.frames[k]) < 2, "frame \(k)")
        }
        #expect(meanDifference(clip.frames[5], whole.frames[6]) > 2)
    }

    @Test("the joined file's packets are the chunks' packets, each chunk starting on a keyframe",
          arguments: ["c-{chunk}.mp4", "c-{chunk}.mkv", "c-{chunk}.webm", "c-{chunk}.mov"])
    func packetsCopied(file: String) throws {
        let scratch = try TemporaryDirectory("chunks")
        let parts = try renderChunks(try oddTimeline(), count: 3, in: scratch, file: file)
        let joined = scratch.file("joined." + (file as NSString).pathExtension)
        try concat(parts, to: joined)
        let chunkPackets = try parts.map(packets)
        for (index, list) in chunkPackets.enumerated() { #expect(list.first?.key == true, "chunk \(index + 1)") }
        let joinedPackets = try packets(joined)
        #expect(joinedPackets.map(\.data) == chunkPackets.flatMap { $0.map(\.data) })
        #expect(joinedPackets.count == 37)
        #expect(try decodeClip(joined).frameCount == 37)
    }

    @Test("the same chunk renders to the same bytes, and records what it is")
    func reproducible() throws {
        let scratch = try TemporaryDirectory("chunks")
        let timeline = try oddTimeline()
        let part = try ClipPart(Chunk(2, of: 3), of: timeline)
        try render(timeline, part: part, to: scratch.file("a.mp4"), workers: 1)
        try render(timeline, part: part, to: scratch.file("b.mp4"), workers: 2)
        #expect(try Data(contentsOf: scratch.file("a.mp4")) == Data(contentsOf: scratch.file("b.mp4")))
        let record = try #require(try ClipReader(scratch.file("a.mp4")).comment.flatMap(ChunkRecord.init(parsing:)))
        #expect(record.chunk?.index == 2)
        #expect(record.chunk?.count == 3)
        #expect(record.frames == 12...23)
        #expect(record.clipFrameCount == 37)
        #expect(record.fps == 10)
        #expect(record.sceneDigest.count == 32)
        #expect(ChunkRecord(parsing: record.description) == record)
    }

    @Test("{chunk} becomes K zero-padded to N's width")
    func fileNames() throws {
        #expect(try Chunk(3, of: 12).fileName("out-{chunk}.mp4") == "out-03.mp4")
        #expect(try Chunk(7, of: 9).fileName("{chunk}/x-{chunk}.mkv") == "7/x-7.mkv")
        #expect(try Chunk(42, of: 1000).fileName("p{chunk}.webm") == "p0042.webm")
    }

    @Test("a chunk count the clip cannot fill, or a chunk outside 1…N, is refused")
    func badChunks() throws {
        try expectInvalid(
            "chunk cannot split a clip of 5 frames into 8 chunks: each chunk needs a frame; use 5 chunks or fewer.") {
            _ = try Chunk(1, of: 8).frames(ofClipWith: 5)
        }
        try expectInvalid( "chunk must be a chunk from 1 to 4 (counted from 1); it is 0/4.") {
            _ = try Chunk(0, of: 4)
        }
        try expectInvalid( "chunk must be K/N (the K-th of N, from 1), auto/N or auto/auto; it is '3'.") {
            _ = try Chunk(parsing: "3", environment: [:])
        }
    }
}

@Suite("Job array variables")
struct JobArrayEnvironmentTests {
    @Test("Slurm's task id counts from the array's first id", arguments: [
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0"], 1),
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0"], 4),
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5"], 1),
        (["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "5"], 4),
        (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1"], 2),
        (["JOB_COMPLETION_INDEX": "0"], 1),
        (["JOB_COMPLETION_INDEX": "3"], 4),
    ])
    func taskIndex(variables: [String: String], expected: Int) throws {
        #expect(try Chunk(parsing: "auto/4", environment: variables) == Chunk(expected, of: 4))
    }

    @Test("auto/auto takes N from SLURM_ARRAY_TASK_COUNT")
    func autoCount() throws {
        let slurm = ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"]
        #expect(try Chunk(parsing: "auto/auto", environment: slurm) == Chunk(2, of: 4))
        try expectInvalid(
            "chunk auto/auto takes N from SLURM_ARRAY_TASK_COUNT, which is not set (not a Slurm array job); give N, as in auto/4.") {
            _ = try Chunk(parsing: "auto/auto", environment: ["JOB_COMPLETION_INDEX": "1"])
        }
    }

    @Test("auto with no job array names the variables it looked for")
    func noJobArray() throws {
        try expectInvalid(
            "chunk auto/4 takes K from a job array, but neither SLURM_ARRAY_TASK_ID (with SLURM_ARRAY_TASK_MIN) nor "
                + "JOB_COMPLETION_INDEX is set; run it as a Slurm array or Kubernetes Indexed Job task, or give K.") {
            _ = try Chunk(parsing: "auto/4", environment: ["HOME": "/root"])
        }
        try expectInvalid( "chunk cannot come from JOB_COMPLETION_INDEX='x': it is not a whole number 0 or more.") {
            _ = try Chunk(parsing: "auto/4", environment: ["JOB_COMPLETION_INDEX": "x"])
        }
        // Slurm's task 9 of an array of 4 starting at 5 is outside 1…4.
        try expectInvalid( "chunk must be a chunk from 1 to 4 (counted from 1); it is 5/4.") {
            _ = try Chunk(parsing: "auto/4", environment: ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "5"])
        }
    }
}

/// `body` must throw an invalid-input error whose message is exactly `message`.
func expectInvalid(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) throws {
    let error = expectFlipbookError(.invalidInput, sourceLocation: sourceLocation, body)
    #expect(error?.message == message, sourceLocation: sourceLocation)
}
