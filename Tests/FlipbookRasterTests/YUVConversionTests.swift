import FlipbookCore
import FlipbookRaster
import FlipbookTestSupport
import Testing

/// Random valid premultiplied pixels, a third of them edge cases.
private func randomPixel(_ rng: inout SplitMix) -> Pixel {
    let edges: [UInt8] = [0, 1, 254, 255]
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: return (0, 0, 0, 0)  // transparent
    case 1:  // opaque, channels at the extremes
        return (edges.randomElement(using: &rng)!, edges.randomElement(using: &rng)!,
                edges.randomElement(using: &rng)!, 255)
    default:
        let a = UInt8.random(in: 0...255, using: &rng)
        return (UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng),
                UInt8.random(in: 0...a, using: &rng), a)
    }
}

private func checkConversion(
    width: Int, height: Int, background: Color, seed: UInt64,
    pixel: (_ x: Int, _ y: Int, _ rng: inout SplitMix) -> Pixel = { _, _, rng in randomPixel(&rng) }
) {
    var rng = SplitMix(state: seed)  // seeded so failures reproduce
    var pixels = [Pixel](repeating: (0, 0, 0, 0), count: width * height)
    for i in pixels.indices { pixels[i] = pixel(i % width, i / width, &rng) }
    let frame = converted(TestPicture(width: width, height: height) { x, y in pixels[y * width + x] }, background: background)
    let reference = ReferenceConverter(background)
    // Padding repeats the last column and row.
    func source(_ x: Int, _ y: Int) -> Pixel { pixels[min(y, height - 1) * width + min(x, width - 1)] }

    var worst = 0.0
    for y in 0..<frame.lumaHeight {
        for x in 0..<frame.lumaWidth {
            let expected = reference.y(reference.flatten(source(x, y)))
            let actual = Double(frame.y[y * frame.lumaWidth + x])
            worst = max(worst, abs(actual - expected))
            #expect(abs(actual - expected) <= 1, "Y at (\(x), \(y)): \(actual) vs \(expected)")
        }
    }
    for cy in 0..<frame.chromaHeight {
        for cx in 0..<frame.chromaWidth {
            var sum = (0.0, 0.0, 0.0)
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let rgb = reference.flatten(source(2 * cx + dx, 2 * cy + dy))
                sum = (sum.0 + rgb.0 / 4, sum.1 + rgb.1 / 4, sum.2 + rgb.2 / 4)
            }
            let (cb, cr) = reference.cbcr(sum)
            let actualCb = Double(frame.u[cy * frame.chromaWidth + cx])
            let actualCr = Double(frame.v[cy * frame.chromaWidth + cx])
            worst = max(worst, abs(actualCb - cb), abs(actualCr - cr))
            #expect(abs(actualCb - cb) <= 1, "Cb at (\(cx), \(cy)): \(actualCb) vs \(cb)")
            #expect(abs(actualCr - cr) <= 1, "Cr at (\(cx), \(cy)): \(actualCr) vs \(cr)")
        }
    }
    #expect(worst < 1)
}

/// The YUV the converter makes from `picture` over `background`.
func converted(_ picture: TestPicture, background: Color = .white) -> YUVFrame {
    var frame = YUVFrame(width: picture.width, height: picture.height)
    picture.withFramePixels { convert($0, background: background, into: &frame) }
    return frame
}

@Suite("RGB → YUV conversion")
struct ConversionTests {
    @Test("random and edge pixels are within ±1 of the BT.709 formula", arguments: [
        (64, 32), (37, 23), (8, 2), (1, 1), (9, 3),
    ])
    func randomPixels(size: (Int, Int)) {
        checkConversion(width: size.0, height: size.1, background: .white, seed: UInt64(size.0 * 1000 + size.1))
    }

    @Test("uniform areas (converted once and repeated) and their edges are within ±1 of the formula")
    func uniformAreas() {
        // Bands of one colour whose edges fall inside 16-pixel blocks, a translucent band, a row
        // pair with one odd pixel, and noise, so repeated, interrupted and changing blocks all occur.
        let colours: [Pixel] = [(255, 255, 255, 255), (200, 30, 60, 255), (40, 20, 10, 128), (0, 0, 0, 0)]
        for background in [Color.white, Color(red: 0.2, green: 0.6, blue: 0.9)] {
            checkConversion(width: 203, height: 38, background: background, seed: 9) { x, y, rng in
                if y >= 30 { return randomPixel(&rng) }
                if y == 10 && x == 77 { return (1, 2, 3, 255) }
                return colours[(x / 37 + y / 8) % colours.count]
            }
        }
    }

    @Test("flattening over black, a colour and a translucent background")
    func backgrounds() {
        checkConversion(width: 40, height: 18, background: .black, seed: 1)
        checkConversion(width: 40, height: 18, background: Color(red: 0.2, green: 0.6, blue: 0.9), seed: 2)
        checkConversion(width: 40, height: 18, background: Color(red: 1, green: 0.5, blue: 0, opacity: 0.5), seed: 3)
    }

    @Test("white, black and greys hit the limited-range end points exactly")
    func endPoints() {
        let picture = TestPicture(width: 16, height: 2) { x, _ in
            switch x / 4 {
            case 0: (255, 255, 255, 255)
            case 1: (0, 0, 0, 255)
            case 2: (0, 0, 0, 0)  // transparent: the white background
            default: (128, 128, 128, 255)
            }
        }
        let frame = converted(picture, background: .white)
        #expect(Array(frame.y[0..<4]) == [235, 235, 235, 235])
        #expect(Array(frame.y[4..<8]) == [16, 16, 16, 16])
        #expect(Array(frame.y[8..<12]) == [235, 235, 235, 235])
        #expect(frame.u.allSatisfy { $0 == 128 } && frame.v.allSatisfy { $0 == 128 })
        #expect(frame.y[12] == UInt8((16 + 219 * 128 / 255.0).rounded()))
    }

    @Test("pure red, green and blue over black give the BT.709 formula's samples, rounded")
    func primaries() {
        let reference = ReferenceConverter(.black)
        for colour: Pixel in [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255)] {
            let frame = converted(TestPicture(width: 2, height: 2) { _, _ in colour }, background: .black)
            let rgb = reference.flatten(colour)
            let (cb, cr) = reference.cbcr(rgb)
            #expect(frame.y == [UInt8](repeating: UInt8(reference.y(rgb).rounded()), count: 4), "\(colour)")
            #expect(frame.u == [UInt8(cb.rounded())] && frame.v == [UInt8(cr.rounded())], "\(colour)")
        }
    }

    /// Swift's lanes alone, and the C kernel (`yuv_rows.c`) on `set`: the same planes, byte for byte,
    /// over random pixels, uniform runs that start and stop inside the kernel's 32-pixel steps, and
    /// widths around its step.
    func expectLanesBytes(from set: InstructionSet) {
        let colours: [Pixel] = [(255, 255, 255, 255), (200, 30, 60, 255), (40, 20, 10, 128), (0, 0, 0, 0)]
        for (width, height) in [(1920, 8), (203, 38), (95, 7), (64, 2), (33, 4), (31, 3)] {
            var rng = SplitMix(state: UInt64(width * 100 + height))
            let picture = TestPicture(width: width, height: height) { x, y in
                y % 3 == 0 ? randomPixel(&rng) : colours[(x / 45 + y / 4) % colours.count]
            }
            for background in [Color.white, Color(red: 1, green: 0.5, blue: 0, opacity: 0.5)] {
                let k = YUVCoefficients(background: background)
                var lanes = YUVFrame(width: width, height: height)
                picture.withFramePixels { convert($0, coefficients: k, into: &lanes, instructionSet: nil) }
                var frame = YUVFrame(width: width, height: height)
                picture.withFramePixels { convert($0, coefficients: k, into: &frame, instructionSet: set) }
                #expect(frame.y == lanes.y && frame.u == lanes.u && frame.v == lanes.v, "\(width)×\(height), \(set)")
            }
        }
    }

    @Test("the baseline kernel converts to the same bytes as Swift's lanes")
    func baselineAgrees() { expectLanesBytes(from: .baseline) }

    @Test("the AVX2 kernel converts to the same bytes as Swift's lanes", .runs(.avx2))
    func avx2Agrees() { expectLanesBytes(from: .avx2) }

    @Test("the AVX-512 kernel converts to the same bytes as Swift's lanes", .runs(.avx512))
    func avx512Agrees() { expectLanesBytes(from: .avx512) }

    @Test("a frame is reused at the same size and resized otherwise")
    func reuse() {
        var frame = YUVFrame(width: 10, height: 10)
        TestPicture(width: 7, height: 5) { _, _ in (0, 0, 0, 0) }.withFramePixels { convert($0, background: .white, into: &frame) }
        #expect(frame.width == 7 && frame.height == 5)
        #expect(frame.lumaWidth == 8 && frame.lumaHeight == 6)
        #expect(frame.y.count == 48 && frame.u.count == 12 && frame.v.count == 12)
    }
}
