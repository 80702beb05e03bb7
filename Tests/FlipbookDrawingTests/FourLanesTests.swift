import CCairo
@testable import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The vector lanes (``SSELanes`` on x86-64) and the AVX2 and AVX-512 ring kernels (where the CPU
/// has them) against the portable per-lane code: the same bytes for every ring drawn with any of them
/// (the lanes' operations, bit for bit, are FlipbookRasterTests' `FourLanesTests`).
@Suite("Vector and portable lanes agree")
struct FourLanesTests {
    /// 400 rings of every kind the fast path takes (hairline to thick, small to far larger than the
    /// target, centres inside and outside, translucent and opaque), each drawn over the last on a
    /// varied background: `lanes` with `kernel` give the portable lanes' bytes.
    func expectPortableBytes<Lanes: FourLanes>(from lanes: Lanes.Type, kernel: FastRing.Kernel) throws {
        var random = SplitMix(state: 0x52_494E47)
        func uniform(_ low: Double, _ high: Double) -> Double {
            low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
        }
        let width = 240, height = 180
        let targets = try (0..<2).map { _ in
            try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        }
        defer { targets.forEach { cairo_surface_destroy($0) } }
        for target in targets {
            let cr = try #require(cairo_create(target))
            let gradient = try #require(cairo_pattern_create_linear(0, 0, Double(width), Double(height)))
            cairo_pattern_add_color_stop_rgba(gradient, 0, 0.9, 0.2, 0.1, 1)
            cairo_pattern_add_color_stop_rgba(gradient, 1, 0.1, 0.3, 0.8, 0.4)
            cairo_set_source(cr, gradient)
            cairo_paint(cr)
            cairo_pattern_destroy(gradient)
            cairo_destroy(cr)
        }
        var drawn = 0
        // One buffer for every ring and both ways, as a drawing session keeps it.
        let scratch = FastRing.Scratch()
        for _ in 0..<400 {
            let radius = uniform(0, 1) < 0.2 ? uniform(150, 900) : uniform(4, 120)
            let (cx, cy) = (uniform(-60, Double(width) + 60), uniform(-60, Double(height) + 60))
            let box = CGRect(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius)
            let circle = try #require(DeviceCircle(Path(ellipseIn: box), matrix: DeviceCircle.Matrix(CGAffineTransform.identity)))
            let lineWidth = uniform(0, 1) < 0.5 ? uniform(0.25, 1.6) : uniform(1.6, 12)
            let (r, g, b) = (uniform(0, 1), uniform(0, 1), uniform(0, 1))
            let a = uniform(0, 1) < 0.3 ? 1 : uniform(0.05, 1)
            let portable = FastRing.stroke(circle, width: lineWidth, r: r, g: g, b: b, a: a, target: targets[0],
                                           scratch: scratch, lanes: PortableLanes.self, kernel: .baseline)
            let other = FastRing.stroke(circle, width: lineWidth, r: r, g: g, b: b, a: a, target: targets[1],
                                        scratch: scratch, lanes: lanes, kernel: kernel)
            #expect(other == portable)
            if let portable, portable.width > 0 { drawn += 1 }
        }
        #expect(drawn > 200)
        let pixels = targets.map { target -> [UInt8] in
            cairo_surface_flush(target)
            guard let data = cairo_image_surface_get_data(target) else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(target)) * height))
        }
        #expect(!pixels[0].isEmpty)
        #expect(pixels[1] == pixels[0], "\(lanes) with the \(kernel.name) kernel differs from the portable lanes")
    }

    @Test(.x86_64Only) func ringsAreTheSameBytesWithTheSSELanes() throws {
        #if arch(x86_64)
        try expectPortableBytes(from: SSELanes.self, kernel: .baseline)
        #endif
    }

    @Test(.x86_64Only, .runs(.avx2)) func ringsAreTheSameBytesWithAVX2() throws {
        #if arch(x86_64)
        try expectPortableBytes(from: SSELanes.self, kernel: .avx2)
        #endif
    }

    @Test(.x86_64Only, .runs(.avx512)) func ringsAreTheSameBytesWithAVX512() throws {
        #if arch(x86_64)
        try expectPortableBytes(from: SSELanes.self, kernel: .avx512)
        #endif
    }
}
