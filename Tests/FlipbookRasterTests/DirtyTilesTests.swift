@testable import FlipbookRaster
import Testing

/// The set of 16×16-pixel tiles drawn since a clear: marks, runs, set operations.
@Suite("Dirty tiles: the tile set")
struct DirtyTilesTests {
    @Test func marksCoverExactlyTheTilesARectangleTouches() {
        let t = DirtyTiles.size
        var tiles = DirtyTiles(width: 3 * t + 4, height: 2 * t + 6)  // 4 × 3 tiles, the last ones narrower
        #expect(tiles.columns == 4 && tiles.rows == 3)
        tiles.mark(x: t - 1, y: t - 1, width: 2, height: 2)  // one pixel in each of four tiles
        #expect(tiles.count == 4)
        #expect(tiles.contains(column: 0, row: 0) && tiles.contains(column: 1, row: 1))
        tiles.mark(x: -50, y: 2 * t + 5, width: 50 * t, height: 10)  // clipped to the last row
        #expect(tiles.count == 8)
        tiles.mark(x: 10, y: 10, width: 0, height: 20)  // empty: nothing
        #expect(tiles.count == 8)
        var runs: [[Int]] = []
        tiles.forEachRun { x, y, w, h in runs.append([x, y, w, h]) }
        #expect(runs == [[0, 0, 2 * t, t], [0, t, 2 * t, t], [0, 2 * t, 3 * t + 4, 6]])
    }

    @Test func runsAcrossWordsAndToTheLastColumn() {
        let t = DirtyTiles.size
        // 130 columns, the last 8 pixels wide: three words a row.
        var tiles = DirtyTiles(width: 129 * t + 8, height: t)
        tiles.mark(x: 0, y: 0, width: 1, height: 1)  // column 0
        tiles.mark(x: 62 * t, y: 0, width: 6 * t, height: 1)  // columns 62–67, across the first boundary
        tiles.mark(x: 127 * t, y: 0, width: 3 * t, height: 1)  // columns 127–129, across the second, to the end
        var runs: [[Int]] = []
        tiles.forEachRun { x, y, w, h in runs.append([x, y, w, h]) }
        #expect(runs == [[0, 0, t, t], [62 * t, 0, 6 * t, t], [127 * t, 0, 2 * t + 8, t]])
        tiles.markAll()
        runs = []
        tiles.forEachRun { x, y, w, h in runs.append([x, y, w, h]) }
        #expect(runs == [[0, 0, 129 * t + 8, t]])
        #expect(tiles.touches(PixelRect(x: 129 * t, y: 0, width: 8, height: 1)))
    }

    @Test func unionAndDifference() {
        let t = DirtyTiles.size
        var a = DirtyTiles(width: 65 * t + t / 2, height: 2 * t)  // 66 columns: two words per row
        a.mark(x: 63 * t, y: 0, width: 2 * t + 5, height: 1)  // columns 63–65, across the word boundary
        #expect(a.count == 3)
        var b = DirtyTiles(width: 65 * t + t / 2, height: 2 * t)
        b.mark(x: 64 * t, y: 0, width: 1, height: 2 * t)  // column 64, both rows
        #expect(a.subtracting(b).count == 2)
        a.formUnion(b)
        #expect(a.count == 4)
        a.removeAll()
        #expect(a.isEmpty)
        a.markAll()
        #expect(a.count == 66 * 2)
    }

    @Test func dirtyTilesTellWhetherARectangleTouchesAMark() {
        var tiles = DirtyTiles(width: 100, height: 50)
        tiles.mark(x: 20, y: 20, width: 1, height: 1)
        #expect(tiles.touches(PixelRect(x: 16, y: 16, width: 16, height: 16)))
        #expect(tiles.touches(PixelRect(x: 0, y: 0, width: 17, height: 17)))
        #expect(!tiles.touches(PixelRect(x: 0, y: 0, width: 16, height: 50)))
        #expect(!tiles.touches(PixelRect(x: 32, y: 0, width: 68, height: 50)))
        #expect(!tiles.touches(PixelRect(x: 20, y: 20, width: 0, height: 5)))
    }
}
