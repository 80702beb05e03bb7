import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

@Suite("flipbook sheet")
struct SheetToolTests {
    @Test("sheet writes a PNG grid of a scene file's moments, and a PDF")
    func writesSheets() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("small.json", smallScene)
        let png = try Tool.run(["sheet", scene, "-o", scratch.path("sheet.png"), "--grid", "3x1", "--tile-width", "64"])
        #expect(png.status == 0, "stderr: \(png.error)")
        let picture = try Bitmap(contentsOfPNG: scratch.file("sheet.png"))
        // 64 × 48 tiles (the scene's own size), 8 px apart, a 22 px label strip.
        #expect(picture.width == 8 + 3 * 72 && picture.height == 8 + 48 + 22 + 8)
        let pdf = try Tool.run(["sheet", scene, "-o", scratch.path("sheet.pdf"), "--every", "0.2", "--label", "frame"])
        #expect(pdf.status == 0, "stderr: \(pdf.error)")
        #expect(try Data(contentsOf: scratch.file("sheet.pdf")).prefix(5) == Data("%PDF-".utf8))
    }

    @Test("bad grids and sizes are usage errors: exit 2, the message, nothing written", arguments: [
        (["--grid", "4by3"], "error: --grid must be COLUMNSxROWS, such as 4x3; it is \"4by3\".\n"),
        (["--grid", "0x3"], "error: --grid must be COLUMNSxROWS with 1 to 100 of each; it is 0x3.\n"),
        (["--grid", "3x3"], "error: --grid 3x3 asks for 9 frames; the clip has 5.\n"),
        (["--tile-width", "5"], "error: --tile-width must be between 16 and 4096 pixels; it is 5.\n"),
        (["--every", "0"], "error: --every must be greater than 0 and at most the clip's length (0.5 s); it is 0.\n"),
        (["--every", "0.1", "--columns", "0"], "error: --columns must be between 1 and 100; it is 0.\n"),
        (["--every", "0.1", "--grid", "2x2"], "error: --grid and --every cannot be given together: choose the tiles by count or by time.\n"),
        (["--columns", "3"], "error: --columns is for --every; a grid's columns are the first number of --grid, as in --grid 3x3.\n"),
        (["--label", "seconds"], "error: The value 'seconds' is invalid for '--label <time|frame>'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("small.json", smallScene)
        let run = try Tool.run(["sheet", scene, "-o", scratch.path("sheet.png")] + arguments)
        #expect(run.status == 2, "stderr: \(run.error)")
        #expect(run.error.hasPrefix(message), "stderr: \(run.error)")
        #expect(scratch.contents == ["small.json"])
    }
}
