extension FastRing {
    /// The buffer a ring's pixel groups are gathered in, kept by the drawing session from ring to ring:
    /// allocated once and grown when a wider target needs more, so stroking a ring allocates nothing
    /// (a ripple frame strokes about a thousand).
    package final class Scratch {
        private(set) var groups: UnsafeMutablePointer<PixelGroup>
        private(set) var capacity: Int

        package init() {
            capacity = 0
            groups = UnsafeMutablePointer<PixelGroup>.allocate(capacity: 0)
        }

        /// Room for at least `count` groups; what the buffer held before is not kept.
        func reserve(_ count: Int) {
            guard count > capacity else { return }
            groups.deallocate()
            groups = UnsafeMutablePointer<PixelGroup>.allocate(capacity: count)
            capacity = count
        }

        deinit { groups.deallocate() }
    }
}
