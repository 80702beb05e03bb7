// The ring's pixels are blended two groups of four at a time. One group's coverage is a chain of
// dependent square root, divisions and products about a hundred cycles long, and a ring's spans are
// only a group or two wide; two independent groups side by side let the CPU run both chains at once.
extension FastRing {
    /// Four neighbouring pixels of a row and where they sit relative to the circle's centre.
    struct PixelGroup {
        let pixels: UnsafeMutablePointer<UInt32>
        /// The first pixel's centre, horizontally from the circle's centre.
        let firstX: Float
        /// The row's centre's distance from the circle's centre.
        let y: Float
        /// 4 when all four pixels may be read and written (any beyond the ring get no coverage);
        /// otherwise how many of them may.
        let count: Int
    }

    /// Holds one group back until a second arrives, then blends both.
    struct GroupQueue<Lanes: FourLanes> {
        let geometry: Geometry
        let colour: Colour
        let lanes: Lanes.Type
        private var pending: PixelGroup?

        init(geometry: Geometry, colour: Colour, lanes: Lanes.Type) {
            self.geometry = geometry
            self.colour = colour
            self.lanes = lanes
        }

        @inline(__always)
        mutating func add(_ group: PixelGroup) {
            guard let first = pending else {
                pending = group
                return
            }
            pending = nil
            let firstMasks = masks(firstX: first.firstX, y: first.y, geometry, colour, Lanes.self)
            let secondMasks = masks(firstX: group.firstX, y: group.y, geometry, colour, Lanes.self)
            blend(first, firstMasks)
            blend(group, secondMasks)
        }

        /// Blends the group still held back, if any.
        mutating func finish() {
            if let last = pending {
                blend(last, masks(firstX: last.firstX, y: last.y, geometry, colour, Lanes.self))
                pending = nil
            }
        }

        @inline(__always)
        private func blend(_ group: PixelGroup, _ groupMasks: Masks) {
            let raw = UnsafeMutableRawPointer(group.pixels)
            if group.count == 4 {
                let d = raw.loadUnaligned(as: SIMD4<UInt32>.self)
                raw.storeBytes(of: FastRing.blend(d, groupMasks, colour), as: SIMD4<UInt32>.self)
                return
            }
            var d = SIMD4<UInt32>(repeating: 0), lanesMasks = groupMasks
            for k in 0..<group.count { d[k] = group.pixels[k] }
            // Lanes past the span get no coverage: the mask 0 and the destination kept whole.
            for k in group.count..<4 {
                lanesMasks.coverage[2 * k] = 0; lanesMasks.coverage[2 * k + 1] = 0
                lanesMasks.keep[2 * k] = 255; lanesMasks.keep[2 * k + 1] = 255
            }
            let result = FastRing.blend(d, lanesMasks, colour)
            for k in 0..<group.count { group.pixels[k] = result[k] }
        }
    }
}
