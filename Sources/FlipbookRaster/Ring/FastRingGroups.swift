import CFlipbookKernels

// A ring's pixels are gathered in groups of four and blended two groups at a time. One group's
// coverage is a chain of dependent square root, divisions and products about a hundred cycles long,
// and a ring's spans are only a group or two wide; two independent groups side by side let the CPU
// run both chains at once, and on CPUs with AVX2 one eight-lane kernel computes both, with AVX-512
// one sixteen-lane kernel four (CFlipbookKernels/ring_avx2.c and ring_avx512.c, the same operations
// in the same order: the same bytes).
extension FastRing {
    /// Four neighbouring pixels of a row and where they sit relative to the circle's centre.
    typealias PixelGroup = flipbook_pixel_group

    /// The ways a ring's groups can be blended; every one gives the same bytes. `.baseline` is Swift's
    /// four lanes (``FourLanes``), two groups at a time; `.avx2` is `ring_avx2.c`, two groups at a time
    /// in eight lanes; `.avx512` is `ring_avx512.c`, four groups at a time in sixteen lanes.
    package typealias Kernel = InstructionSet

    /// The groups of one ring, gathered by the row walk and blended a buffer at a time.
    struct GroupBuffer<Lanes: FourLanes>: ~Copyable {
        private let capacity: Int
        private let groups: UnsafeMutablePointer<PixelGroup>
        private var count = 0
        private let geometry: Geometry
        private let colour: Colour
        private let kernel: Kernel
        /// The ring as the C kernels take it.
        private var ring: flipbook_ring

        /// `capacity` must hold a whole row's groups (a quarter of the target's width and four); the
        /// groups are gathered in `scratch`'s buffer, which must outlive this one.
        init(geometry: Geometry, colour: Colour, kernel: Kernel, lanes: Lanes.Type, capacity: Int, scratch: Scratch) {
            self.geometry = geometry
            self.colour = colour
            self.kernel = kernel
            ring = flipbook_ring(outer: geometry.outer, inner: geometry.inner, radius: geometry.radius,
                                 isWide: geometry.isWide, sourceRB: colour.sourceRB[0],
                                 sourceAG: colour.sourceAG[0], alpha: colour.alpha16[0])
            scratch.reserve(capacity)
            self.capacity = capacity
            groups = scratch.groups
        }

        /// Walks the ring's rows to the end, blending each buffer of groups as it fills.
        mutating func blend(walking walk: inout flipbook_ring_walk) {
            while true {
                count += flipbook_ring_walk_rows(&walk, groups + count, capacity - count)
                flush()
                if walk.row >= walk.rowEnd { return }
            }
        }

        /// Blends the groups gathered so far.
        private mutating func flush() {
            defer { count = 0 }
            switch kernel {
            case .avx2: return flipbook_ring_blend_avx2(&ring, groups, count)
            case .avx512: return flipbook_ring_blend_avx512(&ring, groups, count)
            case .baseline: break
            }
            var i = 0
            let ahead = Int(flipbook_ring_prefetch_groups)
            while i + 1 < count {
                // As the C kernels do (ring_lanes.h): the pixels a few groups ahead are asked for now.
                if i + ahead + 1 < count {
                    flipbook_prefetch_for_write(groups[i + ahead].pixels)
                    flipbook_prefetch_for_write(groups[i + ahead + 1].pixels)
                }
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
