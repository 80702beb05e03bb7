import FlipbookCore
import FlipbookRaster
import Testing

/// The exact (scalar) conversions: planar YUV(A) at 8 and 10 bits against the BT.709 formula, the
/// alpha plane, odd sizes, and packed straight pixels.
@Suite("Planar YUV(A) and straight RGBA conversion")
struct AlphaConversionTests {
    /// 8-bit 4:2:0 with alpha (VP9's `yuva420p`) and 10-bit 4:4:4 with alpha (ProRes 4444's).
    static let yuva420p = PixelLayout(depth: 8, planar: true, chromaShift: (1, 1), hasAlpha: true, packedBytes: 0)
    static let yuva444p10 = PixelLayout(depth: 10, planar: true, chromaShift: (0, 0), hasAlpha: true, packedBytes: 0)

    /// Sample `index` of a plane: one byte, or two little-endian bytes at 10 bits.
    func sample(_ plane: [UInt8], _ index: Int, depth: Int) -> Int {
        depth > 8 ? Int(plane[2 * index]) | Int(plane[2 * index + 1]) << 8 : Int(plane[index])
    }

    /// Every sample of a uniform picture's planes, at `layout`'s depth: the formula's Y, Cb and Cr of
    /// the straight colour `rgb` and `alpha`, scaled to the depth and rounded.
    func expectUniform(_ planes: SamplePlanes, layout: PixelLayout, rgb: (Double, Double, Double), alpha: Double,
                       _ label: String) {
        let reference = ReferenceConverter(.black)
        let scale = Double(1 << (layout.depth - 8)), maxCode = Double((1 << layout.depth) - 1)
        let (cb, cr) = reference.cbcr(rgb)
        let expected = [reference.y(rgb) * scale, cb * scale, cr * scale, alpha / 255 * maxCode].map { Int($0.rounded()) }
        #expect(planes.planes.count == 4, "\(label)")
        for (index, plane) in planes.planes.enumerated() {
            let count = plane.count / layout.sampleBytes
            let samples = Set((0..<count).map { sample(plane, $0, depth: layout.depth) })
            #expect(samples == [expected[index]], "\(label), plane \(index)")
        }
    }

    @Test("opaque primaries, white and black give the BT.709 formula's samples at 8 and 10 bits")
    func opaqueColours() {
        let colours: [Pixel] = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255), (0, 0, 0, 255)]
        for layout in [Self.yuva420p, Self.yuva444p10] {
            for colour in colours {
                let planes = TestPicture(width: 4, height: 2) { _, _ in colour }.withFramePixels {
                    convertToPlanes($0, layout: layout, background: nil)
                }
                expectUniform(planes, layout: layout, rgb: (Double(colour.r), Double(colour.g), Double(colour.b)),
                              alpha: 255, "\(colour) at \(layout.depth) bits")
            }
        }
        // White and black are the limited range's ends.
        let white = TestPicture(width: 2, height: 2) { _, _ in (255, 255, 255, 255) }.withFramePixels {
            convertToPlanes($0, layout: Self.yuva420p, background: nil)
        }
        #expect(white.planes[0] == [235, 235, 235, 235] && white.planes[1] == [128] && white.planes[2] == [128])
    }

    @Test("a premultiplied pixel keeps its alpha in the alpha plane and its straight colour in Y, Cb and Cr")
    func alphaPlane() {
        // Red at 128/255 coverage: premultiplied (128, 0, 0, 128), straight pure red.
        for layout in [Self.yuva420p, Self.yuva444p10] {
            let planes = TestPicture(width: 2, height: 2) { _, _ in (128, 0, 0, 128) }.withFramePixels {
                convertToPlanes($0, layout: layout, background: nil)
            }
            expectUniform(planes, layout: layout, rgb: (255, 0, 0), alpha: 128, "half red at \(layout.depth) bits")
        }
        let planes = TestPicture(width: 2, height: 2) { _, _ in (128, 0, 0, 128) }.withFramePixels {
            convertToPlanes($0, layout: Self.yuva420p, background: nil)
        }
        #expect(planes.planes[3] == [128, 128, 128, 128])
        // Over a background the same pixel is flattened: half red over white, and no alpha plane.
        let opaque = PixelLayout(depth: 8, planar: true, chromaShift: (1, 1), hasAlpha: false, packedBytes: 0)
        let flat = TestPicture(width: 2, height: 2) { _, _ in (128, 0, 0, 128) }.withFramePixels {
            convertToPlanes($0, layout: opaque, background: .white)
        }
        let rgb = ReferenceConverter(.white).flatten((128, 0, 0, 128))
        #expect(flat.planes.count == 3)
        #expect(flat.planes[0] == [UInt8](repeating: UInt8(ReferenceConverter(.white).y(rgb).rounded()), count: 4))
    }

    @Test("a transparent neighbour does not darken a subsampled block's chroma")
    func transparentNeighbour() {
        // One opaque red pixel and three transparent ones in a 2×2 block: the block's chroma is red's.
        let planes = TestPicture(width: 2, height: 2) { x, y in x == 0 && y == 0 ? (255, 0, 0, 255) : (0, 0, 0, 0) }
            .withFramePixels { convertToPlanes($0, layout: Self.yuva420p, background: nil) }
        let (cb, cr) = ReferenceConverter(.black).cbcr((255, 0, 0))
        #expect(planes.planes[1] == [UInt8(cb.rounded())] && planes.planes[2] == [UInt8(cr.rounded())])
        #expect(planes.planes[3] == [255, 0, 0, 0])
    }

    @Test("odd sides are padded to the subsampling by repeating the last column and row")
    func oddSizes() {
        // 3 × 3: a column of white at x = 2 and a row of white at y = 2 over black.
        let picture = TestPicture(width: 3, height: 3) { x, y in x == 2 || y == 2 ? (255, 255, 255, 255) : (0, 0, 0, 255) }
        let planes = picture.withFramePixels { convertToPlanes($0, layout: Self.yuva420p, background: nil) }
        #expect(Self.yuva420p.encodedSize(width: 3, height: 3) == (4, 4))
        #expect(planes.rowBytes == [4, 2, 2, 4] && planes.rows == [4, 2, 2, 4])
        #expect(planes.planes[0] == [16, 16, 235, 235, 16, 16, 235, 235, 235, 235, 235, 235, 235, 235, 235, 235])
        let full = picture.withFramePixels { convertToPlanes($0, layout: Self.yuva444p10, background: nil) }
        #expect(full.rowBytes == [6, 6, 6, 6] && full.rows == [3, 3, 3, 3])
    }

    @Test("packed straight pixels: un-premultiplied with Cairo's rounding, in RGBA or BGRA order")
    func straight() {
        // Premultiplied (100, 50, 25) at alpha 200, and an opaque and a transparent pixel.
        let picture = TestPicture(width: 3, height: 1) { x, _ in [(100, 50, 25, 200), (1, 2, 3, 255), (0, 0, 0, 0)][x] }
        func cairo(_ c: Int, _ a: Int) -> UInt8 { UInt8((c * 255 + a / 2) / a) }
        let rgba = picture.withFramePixels { straightPixels($0, order: .rgba, background: nil) }
        #expect(rgba == [cairo(100, 200), cairo(50, 200), cairo(25, 200), 200, 1, 2, 3, 255, 0, 0, 0, 0])
        let bgra = picture.withFramePixels { straightPixels($0, order: .bgra, background: nil) }
        #expect(bgra == [cairo(25, 200), cairo(50, 200), cairo(100, 200), 200, 3, 2, 1, 255, 0, 0, 0, 0])
        // Over a background: flattened and opaque.
        let flat = picture.withFramePixels { straightPixels($0, order: .rgba, background: .white) }
        let rest = 55.0 / 255 * 255
        #expect(flat == [UInt8((100 + rest).rounded()), UInt8((50 + rest).rounded()), UInt8((25 + rest).rounded()), 255,
                         1, 2, 3, 255, 255, 255, 255, 255])
    }
}
