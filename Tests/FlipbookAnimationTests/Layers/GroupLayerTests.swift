@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Group layers share their placement, opacity, clip and clock with their children")
struct GroupLayerTests {
    func frame(_ json: String, at time: TimeInterval = 0) throws -> Bitmap {
        let timeline = try decodeScene(json).makeTimeline()
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: time, into: &bitmap)
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    @Test("A translucent group is one picture: where its children overlap, the lower one does not show through")
    func sharedOpacity() throws {
        let b = try frame(#"""
            {"size": [120, 80], "scale": 1, "background": "white", "layers": [{"scene": "group", "opacity": 0.5, "layers": [
              {"scene": "shape", "size": [60, 40], "position": [40, 40], "fill": "#ff0000"},
              {"scene": "shape", "size": [60, 40], "position": [80, 40], "fill": "#0000ff"}]}]}
            """#)
        let overlap = b.pixel(x: 60, y: 40), blueOnly = b.pixel(x: 100, y: 40), redOnly = b.pixel(x: 20, y: 40)
        #expect(overlap == blueOnly)
        #expect(near(blueOnly, Color(red: 0.5, green: 0.5, blue: 1), 0.01) && near(redOnly, Color(red: 1, green: 0.5, blue: 0.5), 0.01))
    }

    @Test("Children are placed in the group's box, which the group's own placement moves, turns and clips")
    func sharedPlacementAndClip() throws {
        let b = try frame(#"""
            {"size": [120, 80], "scale": 1, "background": "white", "layers": [{"scene": "group", "size": [40, 20],
              "anchor": "topLeading", "position": [10, 10], "clip": true, "layers": [
              {"scene": "shape", "size": [100, 100], "fill": "#ff0000"}]}]}
            """#)
        for y in 0..<80 {
            for x in 0..<120 where b.pixel(x: x, y: y) != ((10..<50).contains(x) && (10..<30).contains(y) ? pureRed : .white) {
                Issue.record("pixel \(x), \(y) is \(b.pixel(x: x, y: y))")
                return
            }
        }
    }

    @Test("A group clips to an outline fitted to its box")
    func shapeClip() throws {
        let b = try frame(#"""
            {"size": [100, 100], "scale": 1, "background": "white", "layers": [{"scene": "group", "clip": {"shape": "circle"},
              "layers": [{"scene": "shape", "size": [100, 100], "fill": "#ff0000"}]}]}
            """#)
        #expect(b.pixel(x: 50, y: 50) == pureRed && b.pixel(x: 2, y: 2) == .white && b.pixel(x: 97, y: 97) == .white)
    }

    @Test("Children's start and end are in the group's clock; nested groups too")
    func sharedClock() throws {
        let json = #"""
            {"size": [40, 40], "scale": 1, "background": "white", "layers": [{"scene": "group", "start": 1, "layers": [
              {"scene": "group", "start": 0.5, "layers": [{"scene": "shape", "start": 0.5, "end": 1, "size": [40, 40], "fill": "#ff0000"}]}]}]}
            """#
        #expect(try frame(json, at: 1.9).pixel(x: 20, y: 20) == .white)
        #expect(try frame(json, at: 2.0).pixel(x: 20, y: 20) == pureRed)
        #expect(try frame(json, at: 2.5).pixel(x: 20, y: 20) == .white)
    }

    @Test("Errors in nested layers name their full key path and are placed in the file")
    func nestedKeyPaths() throws {
        expectInvalidInput("test.json:1:158: layers[0].layers[1].layers[0].opacity[1].time must be later than the keyframe before it (1); it is 0.5.",
                           at: inTestFile(1, 158, "layers[0].layers[1].layers[0].opacity[1].time")) {
            _ = try decodeScene(#"{"layers": [{"scene": "group", "layers": [{"scene": "shape"}, {"scene": "group", "layers": [{"scene": "shape", "opacity": [{"time": 1, "value": 0}, {"time": 0.5, "value": 1}]}]}]}]}"#)
                .makeTimeline()
        }
        expectInvalidInput("test.json:1:73: layers[0].layers[0].opacity must be between 0 and 1; it is 2.",
                           at: inTestFile(1, 73, "layers[0].layers[0].opacity")) {
            _ = try decodeScene(#"{"layers": [{"scene": "group", "layers": [{"scene": "shape", "opacity": 2}]}]}"#).makeTimeline()
        }
    }

    @Test("A seed override reaches confetti inside groups")
    func seedInGroups() throws {
        var file = try decodeScene(#"{"layers": [{"scene": "group", "layers": [{"scene": "confetti", "seed": 1}]}]}"#)
        file.overrideSeed(9)
        guard case .group(let group)? = file.layers?.first?.content, case .confetti(let confetti)? = group.layers.first?.content else {
            Issue.record("not a group of confetti")
            return
        }
        #expect(confetti.seed == 9)
    }
}
