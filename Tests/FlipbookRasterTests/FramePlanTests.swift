@testable import FlipbookRaster
import Testing

/// How a frame plan cuts a frame into bands.
@Suite("Frame plan bands")
struct FramePlanTests {
    @Test func bandsHoldWholeTiles() {
        // Each band's dirty tiles are whole, so its conversion to video needs no other band's pixels.
        #expect(FramePlan.bandHeight % DirtyTiles.size == 0)
    }
}
