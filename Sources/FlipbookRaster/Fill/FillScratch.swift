/// The fast fill's working memory: the flattened polygon's points and the coverage cells.
///
/// A value of plain pointers and counts, owned by one ``FastFillRasterizer`` (which frees it), so the
/// fill copies it into a local and back once per shape. Arrays held in the class cost reference
/// counting and exclusivity checks on every copy and swap: about 5 % of a 10,000-particle frame.
struct FillScratch {
    /// The polygon's x coordinates, `pointCount` of them (NaN ends each ring).
    private(set) var xs: UnsafeMutablePointer<Float>
    /// The polygon's y coordinates, alongside `xs`.
    private(set) var ys: UnsafeMutablePointer<Float>
    private(set) var pointCount = 0
    private var pointCapacity: Int
    /// The coverage cells, at least `cellCapacity` of them.
    private(set) var cells: UnsafeMutablePointer<Float>
    private(set) var cellCapacity: Int

    init() {
        pointCapacity = 64
        xs = .allocate(capacity: pointCapacity)
        ys = .allocate(capacity: pointCapacity)
        cellCapacity = 1024
        cells = .allocate(capacity: cellCapacity)
    }

    /// Frees the storage; the owner calls it once, when it goes away.
    func deallocate() {
        xs.deallocate()
        ys.deallocate()
        cells.deallocate()
    }

    /// Forgets the points, keeping the storage.
    mutating func removeAllPoints() {
        pointCount = 0
    }

    /// Appends a point, growing the storage when it is full.
    @inline(__always)
    mutating func append(_ x: Float, _ y: Float) {
        if pointCount == pointCapacity { growPoints() }
        xs[pointCount] = x
        ys[pointCount] = y
        pointCount += 1
    }

    /// Appends a closed ring of four corners: the corners, the first again and the ring's end, after
    /// one check for room (a confetti piece's rectangle, once per fill).
    @inline(__always)
    mutating func appendQuad(xs cornerXs: SIMD4<Float>, ys cornerYs: SIMD4<Float>) {
        while pointCount + 6 > pointCapacity { growPoints() }
        FillScratch.write(cornerXs, at: xs + pointCount)
        FillScratch.write(cornerYs, at: ys + pointCount)
        pointCount += 6
    }

    /// One coordinate of a quad's ring: the four corners, the first again, and NaN.
    @inline(__always)
    private static func write(_ corners: SIMD4<Float>, at ring: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(ring).storeBytes(of: corners, as: SIMD4<Float>.self)
        ring[4] = corners[0]
        ring[5] = .nan
    }

    private mutating func growPoints() {
        let capacity = pointCapacity * 2
        let newXs = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        let newYs = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        newXs.update(from: xs, count: pointCount)
        newYs.update(from: ys, count: pointCount)
        xs.deallocate()
        ys.deallocate()
        (xs, ys, pointCapacity) = (newXs, newYs, capacity)
    }

    /// Makes room for `count` cells; what they held is not kept (the fill zeroes them first).
    mutating func reserveCells(_ count: Int) {
        guard count > cellCapacity else { return }
        cells.deallocate()
        cellCapacity = max(count, cellCapacity * 2)
        cells = .allocate(capacity: cellCapacity)
    }
}
