@testable import FlipbookAnimation
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Cues without word timings drawn as players draw them: whole, with their line breaks, in turns
/// when too long for the box, stacked when they overlap, and in the colours their markup gives.
@Suite struct CaptionWholeCueTests {
    static let canvas = CGSize(width: 320, height: 180)

    /// The rows of `bitmap` with any bright pixel.
    static func inkedRows(_ bitmap: Bitmap) -> [Int] {
        (0..<bitmap.height).filter { y in (0..<bitmap.width).contains { bitmap.pixel(x: $0, y: y).red > 0.5 } }
    }

    @Test("overlapping cues are stacked: the earlier on the box's bottom edge, the later above it, each in its own rows")
    func overlappingCuesStack() throws {
        let file = try CaptionFile(parsing: "1\n00:00:00,000 --> 00:00:04,000\nFirst\n\n2\n00:00:01,000 --> 00:00:02,000\nSecond\n",
                                   format: .srt, path: "s.srt")
        let scene = try CaptionsScene(try CaptionTrack(file), canvas: Self.canvas, font: .init(size: Keyframed(20)))
        #expect(scene.stack(at: 0.5).map(\.page) == [0])
        let both = scene.stack(at: 1.5)
        #expect(both.map(\.page) == [0, 1] && both[0].rise == 0)
        #expect(abs(both[1].rise - (scene.layouts[0].rect.height + scene.layouts[0].fontSize * CaptionsScene.stackGap)) < 1e-9)
        // The later cue's boxes are where it is drawn: above the earlier one's.
        let (boxes, _) = try #require(scene.wordBoxes(at: 1.5))
        #expect(boxes[0][0].maxY <= scene.layouts[0].wordBoxes[0][0].minY)
        func rows(at time: TimeInterval) throws -> [Int] {
            var bitmap = try Bitmap(width: 320, height: 180)
            bitmap.draw(background: .black) { context, size in scene.draw(in: &context, size: size, time: time) }
            return Self.inkedRows(bitmap)
        }
        let alone = try rows(at: 0.5), stacked = try rows(at: 1.5)
        #expect(!alone.isEmpty && Set(alone).isSubset(of: Set(stacked)))
        #expect(stacked.min()! < alone.min()! - 10, "alone \(alone.min()!)…\(alone.max()!), stacked \(stacked.min()!)…")
        // Refused or merged on request, as before.
        #expect(throws: FlipbookError.self) { _ = try CaptionTrack(file, overlap: .error) }
        #expect(try CaptionTrack(file, overlap: .merge).cues.map(\.text) == ["First\nSecond"])
    }

    @Test("a whole cue too long for the box is shown in turns, cut at a line break, each part for its share of the characters")
    func aLongCueIsShownInTurns() throws {
        let lines = ["The first line of a long cue", "and its second line here", "then a third line of it", "and a fourth to end"]
        let track = try CaptionTrack(cues: [CaptionCue(text: lines.joined(separator: "\n"), start: 0, end: 8)], path: "long.srt")
        let scene = try CaptionsScene(track, canvas: Self.canvas, font: .init(size: Keyframed(16)), lineLimit: 2, minimumScaleFactor: 1)
        #expect(scene.pages.count == 2)
        let parts = scene.pages.map { $0.words.map(\.text).joined(separator: " ") }
        #expect(parts == [lines[0...1].joined(separator: " "), lines[2...3].joined(separator: " ")])
        let first = Double((lines[0] + lines[1]).filter { $0 != " " }.count), all = Double(lines.joined().filter { $0 != " " }.count)
        #expect(scene.pages[0].start == 0 && abs(scene.pages[0].end - 8 * first / all) < 1e-9)
        #expect(scene.pages[1].start == scene.pages[0].end && scene.pages[1].end == 8)
        #expect(scene.pages.allSatisfy { !$0.hasWordTimings })
    }

    @Test("a word an SRT <font color> colours is drawn in that colour, the others in the layer's", arguments: CaptionsScene.Style.allCases)
    func fontColoursAreDrawn(style: CaptionsScene.Style) throws {
        let file = try CaptionFile(parsing: "1\n00:00:00,000 --> 00:00:02,000\n<font color=\"#ff0000\">Red</font> plain\n",
                                   format: .srt, path: "c.srt")
        #expect(file.cues[0].words.map(\.color) == [Color(red: 1, green: 0, blue: 0), nil])
        let scene = try CaptionsScene(try CaptionTrack(file), canvas: Self.canvas, style: style, font: .init(size: Keyframed(16)),
                                      color: .white, highlightColor: .white)
        // One page at the full size: the descender of "plain" reaches below its line's box at 16
        // points, and the page is raised for it rather than shrunk or split.
        #expect(scene.pages.count == 1 && scene.layouts[0].fontSize == 16)
        var bitmap = try Bitmap(width: 320, height: 180)
        bitmap.draw(background: .black) { context, size in scene.draw(in: &context, size: size, time: 1) }
        let (boxes, _) = try #require(scene.wordBoxes(at: 1))
        func count(_ box: CGRect, _ test: (Color) -> Bool) -> Int {
            var found = 0
            for y in Int(box.minY)..<Int(box.maxY) {
                for x in Int(box.minX)..<Int(box.maxX) where test(bitmap.pixel(x: x, y: y)) { found += 1 }
            }
            return found
        }
        let red = { (c: Color) in c.red > 0.8 && c.green < 0.2 && c.blue < 0.2 }
        let white = { (c: Color) in c.red > 0.8 && c.green > 0.8 && c.blue > 0.8 }
        #expect(count(boxes[0][0], red) > 20 && count(boxes[0][0], white) == 0, "\(style)")
        #expect(count(boxes[1][0], white) > 20 && count(boxes[1][0], red) == 0, "\(style)")
    }
}
