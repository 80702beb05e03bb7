@testable import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

/// `"motionBlur"` in scene files: read for the timeline and for a layer, written back, checked once.
@Suite struct MotionBlurFileTests {
    @Test func readsTheTimelinesAndALayersBlur() throws {
        let file = try decodeScene("""
            {"size": [80, 40], "duration": 1, "motionBlur": {"shutter": 90},
             "layers": [{"scene": "shape", "shape": "circle"},
                        {"scene": "shape", "shape": "rect", "motionBlur": {"shutter": 360, "samples": 12}}]}
            """)
        #expect(file.motionBlur == MotionBlur(shutter: 90, samples: 8))
        let timeline = try file.makeTimeline()
        #expect(timeline.motionBlur == MotionBlur(shutter: 90, samples: MotionBlur.defaultSamples))
        #expect(timeline.layers[0].motionBlur == nil)
        #expect(timeline.layers[1].motionBlur == MotionBlur(shutter: 360, samples: 12))
        #expect(timeline.subframeCount == 12)
        // Written back as read, defaults left out.
        let written = String(decoding: try file.jsonData(), as: UTF8.self)
        #expect(try decodeScene(written) == file)
        #expect(written.contains(#""motionBlur" : {"#) || written.contains(#""motionBlur": {"#))
    }

    @Test func subFramesSpreadOverTheShutterCentredOnTheFrame() {
        let blur = MotionBlur(shutter: 180, samples: 4)
        let offsets = (0..<4).map { blur.offset(ofSubframe: $0, of: 4, frameInterval: 0.1) }
        // Half of 0.1 s, in four equal parts, centred: −0.01875, −0.00625, 0.00625, 0.01875.
        for (offset, expected) in zip(offsets, [-0.01875, -0.00625, 0.00625, 0.01875]) {
            #expect(abs(offset - expected) < 1e-12)
        }
        #expect(blur.offset(ofSubframe: 0, of: 1, frameInterval: 0.1) == 0)
        #expect(MotionBlur(reading: "180/8") == MotionBlur(shutter: 180, samples: 8))
        #expect(MotionBlur(reading: "22.5/3") == MotionBlur(shutter: 22.5, samples: 3))
        for bad in ["180", "180/", "/8", "180/8/2", "180/2.5", "a/8", ""] { #expect(MotionBlur(reading: bad) == nil) }
    }

    @Test func badValuesAreNamedAtTheirKey() {
        expectInvalidInput("test.json:1:43: motionBlur.shutter must be greater than 0 and at most 360 degrees; it is 0.",
                           at: inTestFile(1, 43, "motionBlur.shutter")) {
            _ = try decodeScene(#"{"duration": 1, "motionBlur": {"shutter": 0}}"#).makeTimeline()
        }
        expectInvalidInput("test.json:1:90: layers[0].motionBlur.samples must be between 1 and 64 sub-frames; it is 65.",
                           at: inTestFile(1, 90, "layers[0].motionBlur.samples")) {
            _ = try decodeScene(#"{"duration": 1, "layers": [{"scene": "shape", "shape": "rect", "motionBlur": {"samples": 65}}]}"#)
                .makeTimeline()
        }
        expectInvalidInput(
            "test.json:1:28: motionBlur.samples must be a whole number between 1 and 64 sub-frames; it is 2.5.",
            at: inTestFile(1, 28, "motionBlur.samples")) { _ = try decodeScene(#"{"motionBlur": {"samples": 2.5}}"#) }
        expectInvalidInput(
            "test.json:1:93: layers[0].layers[0].motionBlur is for a timeline's own layers; give it to the group, "
                + "whose children then blur together.",
            at: inTestFile(1, 93, "layers[0].layers[0].motionBlur")) {
            _ = try decodeScene(#"{"layers": [{"scene": "group", "layers": [{"scene": "shape", "shape": "rect", "motionBlur": {}}]}]}"#)
                .makeTimeline()
        }
    }

    @Test func swiftCallersGetTheSameCheck() throws {
        var timeline = try Timeline(size: CGSize(width: 10, height: 10), duration: 1)
        timeline.motionBlur = MotionBlur(shutter: 720, samples: 8)
        #expect(throws: FlipbookError.self) { try timeline.validate() }
        do {
            try timeline.validate()
        } catch let error as FlipbookError {
            #expect(error.message == "motionBlur.shutter must be greater than 0 and at most 360 degrees; it is 720.")
        }
    }
}
