#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The four-lane float operations that Swift's generic SIMD types do not lower to one instruction on
/// every target: square root, minimum, maximum, magnitude and rounding to an integer. Two
/// implementations give identical bits for finite inputs (both are IEEE operations, rounding to
/// nearest, ties to even): ``SSELanes`` uses SSE2 instructions, x86-64's baseline, so no run-time
/// choice is needed; ``PortableLanes`` is plain per-lane Swift for every other target. Kernels are
/// generic over the choice, so tests can run both on one machine and compare their bytes.
///
/// Approximate instructions (`rsqrtps`, `rcpps`) are left out on purpose: their results differ
/// between CPU vendors, and renders must be the same bytes everywhere.
package protocol FourLanes {
    static func squareRoot(_ x: SIMD4<Float>) -> SIMD4<Float>
    /// `a < b ? a : b` in each lane.
    static func minimum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float>
    /// `a > b ? a : b` in each lane.
    static func maximum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float>
    static func magnitude(_ x: SIMD4<Float>) -> SIMD4<Float>
    /// Each lane rounded to the nearest integer, ties to even (in range by the caller's clamping).
    static func roundedToInteger(_ x: SIMD4<Float>) -> SIMD4<UInt32>
}

/// ``FourLanes`` one lane at a time, for targets without a vector path and as the tests' reference.
package enum PortableLanes: FourLanes {
    @inline(__always)
    package static func squareRoot(_ x: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(x[0].squareRoot(), x[1].squareRoot(), x[2].squareRoot(), x[3].squareRoot())
    }

    @inline(__always)
    package static func minimum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(a[0] < b[0] ? a[0] : b[0], a[1] < b[1] ? a[1] : b[1], a[2] < b[2] ? a[2] : b[2], a[3] < b[3] ? a[3] : b[3])
    }

    @inline(__always)
    package static func maximum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(a[0] > b[0] ? a[0] : b[0], a[1] > b[1] ? a[1] : b[1], a[2] > b[2] ? a[2] : b[2], a[3] > b[3] ? a[3] : b[3])
    }

    @inline(__always)
    package static func magnitude(_ x: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(x[0].magnitude, x[1].magnitude, x[2].magnitude, x[3].magnitude)
    }

    @inline(__always)
    package static func roundedToInteger(_ x: SIMD4<Float>) -> SIMD4<UInt32> {
        func lane(_ v: Float) -> UInt32 { UInt32(truncatingIfNeeded: Int32(v.rounded(.toNearestOrEven))) }
        return SIMD4(lane(x[0]), lane(x[1]), lane(x[2]), lane(x[3]))
    }
}

#if arch(x86_64)
/// ``FourLanes`` with SSE2 instructions (`sqrtps`, `minps`, `maxps`, `andps`, `cvtps2dq`).
package enum SSELanes: FourLanes {
    @inline(__always)
    package static func squareRoot(_ x: SIMD4<Float>) -> SIMD4<Float> { _mm_sqrt_ps(x) }

    @inline(__always)
    package static func minimum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { _mm_min_ps(a, b) }

    @inline(__always)
    package static func maximum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { _mm_max_ps(a, b) }

    @inline(__always)
    package static func magnitude(_ x: SIMD4<Float>) -> SIMD4<Float> {
        _mm_and_ps(x, _mm_castsi128_ps(_mm_set1_epi32(0x7FFF_FFFF)))
    }

    @inline(__always)
    package static func roundedToInteger(_ x: SIMD4<Float>) -> SIMD4<UInt32> {
        // cvtps2dq rounds by MXCSR, which Swift leaves at its default: nearest, ties to even.
        unsafeBitCast(_mm_cvtps_epi32(x), to: SIMD4<UInt32>.self)
    }
}

/// The lanes the engine draws with on this target.
package typealias NativeLanes = SSELanes
#else
package typealias NativeLanes = PortableLanes
#endif
