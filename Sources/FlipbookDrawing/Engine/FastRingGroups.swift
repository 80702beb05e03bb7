import CFlipbookKernels

// A ring's pixels are gathered in groups of four and blended two groups at a time. One group's
// coverage is a chain of dependent square root, divisions and products about a hundred cycles long,
// and a ring's spans are only a group or two wide; two independent groups side by side let the CPU
// run both chains at once, and on CPUs with AVX2 one eight-lane kernel computes both
// (CFlipbookKernels/ring_avx2.c, the same operations in the same order: the same bytes).
extension FastRing {
    /// Four neighbouring pixels of a row and where they sit relative to the circle's centre.
    typealias PixelGroup = flipbook_pixel_group

    /// Whether the eight-lane kernel runs here; checked once.
    static let hasAVX2 = flipbook_has_avx2()

    /// The groups of one ring, blended a buffer at a time.
    struct GroupBuffer<Lanes: FourLanes>: ~Copyable {
        static var capacity: Int { 512 }
        private let groups = UnsafeMutablePointer<PixelGroup>.allocate(capacity: capacity)
        private var count = 0
        private let geometry: Geometry
        private let colour: Colour
        private let usesAVX2: Bool

        init(geometry: Geometry, colour: Colour, usesAVX2: Bool, lanes: Lanes.Type) {
            self.geometry = geometry
            self.colour = colour
            self.usesAVX2 = usesAVX2
        }

        deinit { groups.deallocate() }

        @inline(__always)
        mutating func add(_ pixels: UnsafeMutablePointer<UInt32>, firstX: Float, y: Float, count lanes: Int) {
            groups[count] = PixelGroup(pixels: pixels, firstX: firstX, y: y, count: Int32(lanes))
            count += 1
            if count == Self.capacity { flush() }
        }

        /// Blends the groups gathered so far.
        mutating func flush() {
            defer { count = 0 }
            if usesAVX2 {
                var ring = flipbook_ring(outer: geometry.outer, inner: geometry.inner, radius: geometry.radius,
                                         isWide: geometry.isWide, sourceRB: colour.sourceRB[0],
                                         sourceAG: colour.sourceAG[0], alpha: colour.alpha16[0])
                flipbook_ring_blend_avx2(&ring, groups, count)
                return
            }
            var i = 0
            while i + 1 < count {
                let first = groups[i], second = groups[i + 1]
                let firstMasks = masks(firstX: first.firstX, y: first.y, geometry, colour, Lanes.self)
                let secondMasks = masks(firstX: second.firstX, y: second.y, geometry, colour, Lanes.self)
                blend(first, firstMasks)
                blend(second, secondMasks)
                i += 2
            }
            if i < count {
                blend(groups[i], masks(firstX: groups[i].firstX, y: groups[i].y, geometry, colour, Lanes.self))
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
            let live = Int(group.count)
            var d = SIMD4<UInt32>(repeating: 0), lanesMasks = groupMasks
            for k in 0..<live { d[k] = group.pixels[k] }
            // Lanes past the span get no coverage: the mask 0 and the destination kept whole.
            for k in live..<4 {
                lanesMasks.coverage[2 * k] = 0; lanesMasks.coverage[2 * k + 1] = 0
                lanesMasks.keep[2 * k] = 255; lanesMasks.keep[2 * k + 1] = 255
            }
            let result = FastRing.blend(d, lanesMasks, colour)
            for k in 0..<live { group.pixels[k] = result[k] }
        }
    }
}
