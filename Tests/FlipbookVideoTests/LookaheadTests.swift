import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

@Suite("x264 lookahead and threading settings")
struct LookaheadTests {
    @Test("the default lookahead is the preset's own")
    func defaultLookahead() throws {
        #expect(VideoOptions().resolvedLookahead == 40)
        #expect(try VideoOptions(preset: "veryslow").resolvedLookahead == 60)
        #expect(try VideoOptions(preset: "veryfast").resolvedLookahead == 10)
        #expect(try VideoOptions(preset: "ultrafast").resolvedLookahead == 0)
        #expect(try VideoOptions(preset: "medium", lookahead: 40).resolvedLookahead == 40)
        #expect(try VideoOptions(preset: "ultrafast", lookahead: 5).resolvedLookahead == 5)
    }

    @Test("a lookahead outside 0…250 frames is refused, naming the value", arguments: [-1, 251])
    func invalidLookahead(_ frames: Int) {
        let error = expectFlipbookError(.invalidInput) { try VideoOptions(lookahead: frames).validate() }
        #expect(error?.message.contains("lookahead") == true && error?.message.contains("\(frames)") == true)
    }

    @Test("the lookahead round-trips through Codable; a missing key keeps the default")
    func codable() throws {
        let options = try VideoOptions(preset: "slow", encoderThreads: 3, lookahead: 25)
        let decoded = try JSONDecoder().decode(VideoOptions.self, from: try JSONEncoder().encode(options))
        #expect(decoded == options)
        #expect(try JSONDecoder().decode(VideoOptions.self, from: Data(#"{"crf": 22}"#.utf8)).lookahead == nil)
    }

    @Test("x264's parameters come from the options alone, never from the machine's core count")
    func parametersAreFixed() throws {
        let parameters = x264Parameters(for: try VideoOptions(encoderThreads: 3, lookahead: 7))
        #expect(parameters.contains("rc-lookahead=7"))
        #expect(parameters.contains("lookahead-threads=3"))
        // What asm= holds, and that x264 obeys it, is checked in X264CPUFlagsTests.
        #if arch(x86_64)
        #expect(parameters.contains("asm=\(x264CPUFlagsWithoutAVX512() ?? "")"))
        #endif
        #expect(x264Parameters(for: VideoOptions()).contains("rc-lookahead=40"))
    }

    @Test("every lookahead encodes the same frames to a decodable clip, byte-identical across runs",
          arguments: [0, 10, 40])
    func lookaheadEncodes(_ frames: Int) throws {
        let scratch = try TemporaryDirectory("video")
        let directory = scratch.url
        var files: [Data] = []
        for run in 0..<2 {
            let url = directory.appendingPathComponent("lookahead-\(frames)-\(run).mp4")
            try encodePattern(to: url, count: 12, options: VideoOptions(lookahead: frames))
            files.append(try Data(contentsOf: url))
            #expect(try decodeVideo(url, keepFrames: false).frameCount == 12)
        }
        #expect(files[0] == files[1])
    }
}
