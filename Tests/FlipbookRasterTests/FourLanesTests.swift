@testable import FlipbookRaster
import FlipbookTestSupport
import Testing

/// The vector lanes (``SSELanes`` on x86-64) against the portable per-lane code: the same bits for
/// every operation.
@Suite("Vector and portable lanes give the same bits")
struct FourLanesTests {
    /// Lane values that stress each operation: ties for rounding, signed zeros, tiny and huge values.
    func samples(_ random: inout SplitMix) -> [SIMD4<Float>] {
        let special: [Float] = [0, -0, 0.5, 1.5, 2.5, -0.5, -1.5, 254.5, 255.5, 127.49999, 1e-40, -1e-40,
                                Float.leastNormalMagnitude, 3e38, -3e38, 1, -1, 0.25, 8_388_607.5]
        var out: [SIMD4<Float>] = []
        for i in 0..<4000 {
            var v = SIMD4<Float>()
            for k in 0..<4 {
                v[k] = i % 3 == 0 ? special[Int(random.next() % UInt64(special.count))]
                    : Float(Double(Int64(bitPattern: random.next() % (1 << 40)) - (1 << 39)) / 65536)
            }
            out.append(v)
        }
        return out
    }

    func bits(_ v: SIMD4<Float>) -> [UInt32] { (0..<4).map { v[$0].bitPattern } }

    @Test(.x86_64Only) func everyOperationGivesTheSameBits() {
        #if arch(x86_64)
        var random = SplitMix(state: 0x4C41_4E45)
        let values = samples(&random)
        for (a, b) in zip(values, values.reversed()) {
            #expect(bits(SSELanes.minimum(a, b)) == bits(PortableLanes.minimum(a, b)))
            #expect(bits(SSELanes.maximum(a, b)) == bits(PortableLanes.maximum(a, b)))
            #expect(bits(SSELanes.magnitude(a)) == bits(PortableLanes.magnitude(a)))
            let positive = PortableLanes.magnitude(a)
            #expect(bits(SSELanes.squareRoot(positive)) == bits(PortableLanes.squareRoot(positive)))
            // Rounding is only asked for in range (coverage × 255); ties go to even in both.
            let inRange = PortableLanes.minimum(positive, SIMD4(repeating: 1e6))
            #expect(SSELanes.roundedToInteger(inRange) == PortableLanes.roundedToInteger(inRange))
        }
        #expect(PortableLanes.roundedToInteger(SIMD4(0.5, 1.5, 2.5, 254.5)) == SIMD4(0, 2, 2, 254))
        #endif
    }
}
