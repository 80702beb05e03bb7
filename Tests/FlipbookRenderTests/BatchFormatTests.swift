import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Batch files: output formats")
struct BatchFormatTests {
    @Test("jobs take codec, format, pixelFormat, loop, frames and a transparent background through the library's checks")
    func formatKeys() throws {
        let scratch = try TemporaryDirectory("batch-format")
        let path = try scratch.write("jobs.json", """
            {"jobs": [
              {"scene": "confetti", "output": "a.webm", "size": "64x64", "duration": 0.5, "fps": 10,
               "background": "transparent", "frames": "1-3"},
              {"scene": "confetti", "output": "b.mkv", "size": "64x64", "duration": 0.2, "fps": 10, "codec": "vp9",
               "pixelFormat": "yuv420p10le", "keyframeInterval": 1},
              {"scene": "confetti", "output": "c.bin", "size": "64x64", "duration": 0.2, "fps": 10, "format": "gif",
               "loop": 0},
              {"scene": "confetti", "output": "f-%03d.png", "size": "64x64", "duration": 0.5, "fps": 10, "frames": "2-3"},
              {"scene": "confetti", "output": "bad.gif", "crf": 30},
              {"scene": "confetti", "output": "bad.mp4", "background": "transparent"},
              {"scene": "confetti", "output": "bad2.mp4", "size": "64x64", "duration": 0.5, "fps": 10, "frames": "3-9"}
            ]}
            """)
        let batch = try BatchFile.load(from: URL(fileURLWithPath: path))
        let report = runBatch(batch, concurrentJobs: 1, workersPerJob: 2)
        #expect(report.results.map(\.status) == [.succeeded, .succeeded, .succeeded, .succeeded, .invalid, .invalid, .invalid],
                "\(report.results.map { $0.error?.message ?? "" })")
        #expect(report.results[0].frames == 3)
        #expect(report.results[4].error?.message == "jobs[4].crf is set (30) but GIF has no crf; codecs with one: h264, hevc, vp9, av1.")
        #expect(report.results[5].error?.location.keyPath == "jobs[5].alpha")
        #expect(report.results[6].error?.message.contains("jobs[6].frames must lie within 0-4: the clip has 5 frames") == true,
                "\(report.results[6].error?.message ?? "")")
        #expect(scratch.contents == ["a.webm", "b.mkv", "c.bin", "f-002.png", "f-003.png", "jobs.json"])
        let webm = try decodeClip(scratch.file("a.webm"))
        #expect(webm.codecName == "vp9" && webm.frameCount == 3)
        #expect(webm.frames.first?.pixel(0, 0).a == 0)
        #expect(try decodeClip(scratch.file("b.mkv")).framePixelFormat == "yuv420p10le")
        #expect(try decodeClip(scratch.file("c.bin")).codecName == "gif")
    }

    @Test("an unknown codec name lists the codecs")
    func unknownCodec() throws {
        let error = #expect(throws: FlipbookError.self) {
            try BatchFile(decoding: Data(#"{"jobs": [{"scene": "confetti", "output": "a.mp4", "codec": "h265"}]}"#.utf8),
                          source: "jobs.json")
        }
        #expect(error?.message.hasPrefix("jobs[0].codec must be one of h264, hevc, vp9") == true, "\(error?.message ?? "")")
    }
}
