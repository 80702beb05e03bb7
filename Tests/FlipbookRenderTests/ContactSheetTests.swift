import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// 160 × 90 points at scale 2, 30 fps, one second: a red rectangle moving right over white.
private func sheetTimeline(background: Color? = .white) throws -> Timeline {
    try Timeline(size: CGSize(width: 160, height: 90), scale: 2, fps: 30, duration: 1, background: background,
                 layers: [Timeline.Layer(MovingRect())])
}

@Suite("Contact sheets")
struct ContactSheetTests {
    @Test("a grid shows the first and the last frame and the others evenly between; --every steps in seconds")
    func tileTimes() throws {
        let timeline = try sheetTimeline()
        let grid = try ContactSheet(spacing: .grid(columns: 4, rows: 3)).tiles(of: timeline)
        #expect(grid.map(\.frame) == [0, 2, 5, 7, 10, 13, 15, 18, 21, 23, 26, 29])
        #expect(grid.map(\.time) == grid.map { timeline.time(ofFrame: $0.frame) })
        #expect(grid.first?.label == "0 s" && grid.last?.label == "0.967 s")
        let every = try ContactSheet(spacing: .every(seconds: 0.25, columns: 3), label: .frame).tiles(of: timeline)
        #expect(every.map(\.time) == [0, 0.25, 0.5, 0.75])
        #expect(every.map(\.frame) == [0, 7, 15, 22])
        #expect(every.map(\.label) == ["frame 0", "frame 7", "frame 15", "frame 22"])
    }

    @Test("tile k of a PNG sheet is the still at tₖ drawn at the tile's scale, pixel for pixel")
    func tilesAreStills() throws {
        let directory = try TemporaryDirectory("sheet")
        let timeline = try sheetTimeline()
        let sheet = ContactSheet(spacing: .grid(columns: 3, rows: 2), tileWidth: 80)
        try renderContactSheet(timeline, sheet: sheet, to: directory.file("sheet.png"))
        let picture = try Bitmap(contentsOfPNG: directory.file("sheet.png"))
        // 3 tiles of 80 × 45 across, 2 down, 8 px apart, a 22 px label strip under each.
        #expect(picture.width == 8 + 3 * (80 + 8) && picture.height == 8 + 2 * (45 + 22 + 8))
        var scaled = timeline
        scaled.scale = 0.5
        for (k, tile) in try sheet.tiles(of: timeline).enumerated() {
            try renderStill(scaled, at: tile.time, to: directory.file("still\(k).png"))
            let still = try Bitmap(contentsOfPNG: directory.file("still\(k).png"))
            #expect(still.width == 80 && still.height == 45)
            let left = 8 + (k % 3) * 88, top = 8 + (k / 3) * 75
            var differing = 0
            for y in 0..<45 { for x in 0..<80 where picture.pixel(x: left + x, y: top + y) != still.pixel(x: x, y: y) { differing += 1 } }
            #expect(differing == 0, "tile \(k) differs from the still at \(tile.time) s in \(differing) pixels")
            // The label under the tile has ink; the gap beside it has none.
            let strip = (top + 45)..<(top + 67)
            #expect(strip.contains { y in (left..<(left + 80)).contains { picture.pixel(x: $0, y: y) != .white } })
            #expect(strip.allSatisfy { picture.pixel(x: left - 4, y: $0) == .white })
        }
    }

    @Test("PDF and SVG sheets keep the tiles as vectors")
    func vectorSheets() throws {
        let directory = try TemporaryDirectory("sheet-vector")
        let sheet = ContactSheet(spacing: .grid(columns: 2, rows: 2), tileWidth: 100)
        try renderContactSheet(try sheetTimeline(), sheet: sheet, to: directory.file("sheet.pdf"))
        try renderContactSheet(try sheetTimeline(), sheet: sheet, to: directory.file("sheet.svg"))
        #expect(try Data(contentsOf: directory.file("sheet.pdf")).prefix(5) == Data("%PDF-".utf8))
        let svg = try String(contentsOf: directory.file("sheet.svg"), encoding: .utf8)
        #expect(!svg.contains("<image"))
        // Each tile's rectangle is a path filled red.
        #expect(svg.components(separatedBy: "rgb(100%,23.137255%,18.823529%)").count - 1 >= 4)
    }

    @Test("bad grids, spacings and sizes are refused naming the value", arguments: [
        (ContactSheet(spacing: .grid(columns: 0, rows: 3)), "grid must be COLUMNSxROWS with 1 to 100 of each; it is 0x3."),
        (ContactSheet(spacing: .grid(columns: 8, rows: 4)), "grid 8x4 asks for 32 frames; the clip has 30."),
        (ContactSheet(tileWidth: 8), "tileWidth must be between 16 and 4096 pixels; it is 8."),
        (ContactSheet(spacing: .every(seconds: 0, columns: 4)), "every must be greater than 0 and at most the clip's length (1 s); it is 0."),
        (ContactSheet(spacing: .every(seconds: 2, columns: 4)), "every must be greater than 0 and at most the clip's length (1 s); it is 2."),
        (ContactSheet(spacing: .every(seconds: 0.5, columns: 101)), "columns must be between 1 and 100; it is 101."),
    ])
    func badSheets(sheet: ContactSheet, message: String) throws {
        let directory = try TemporaryDirectory("sheet-bad")
        let error = expectFlipbookError(.invalidInput) {
            try renderContactSheet(try sheetTimeline(), sheet: sheet, to: directory.file("sheet.png"))
        }
        #expect(error?.message == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
