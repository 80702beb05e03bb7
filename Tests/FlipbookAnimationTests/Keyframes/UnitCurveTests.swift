@testable import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

/// The unit curves against independent references: CSS's cubic-bezier solved by bisection, the
/// circle's equation, their own inverses and finite differences of their values.
@Suite struct UnitCurveTests {
    /// CSS `cubic-bezier(x1, y1, x2, y2)` at `x`: bisection on x(t) (which rises on 0...1), then y(t).
    static func cssCubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if coordinate(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    static let points = (0...100).map { Double($0) / 100 }

    @Test func easeCurvesMatchCSSCubicBezier() {
        let cases: [(UnitCurve, [Double])] = [
            (.easeInOut, [0.42, 0, 0.58, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
            (.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1)),
             [0.25, 0.1, 0.25, 1]),
        ]
        for (curve, c) in cases {
            for p in Self.points {
                let reference = Self.cssCubicBezier(c[0], c[1], c[2], c[3], at: p)
                #expect(abs(curve.value(at: p) - reference) < 1e-6, "\(curve) at \(p)")
            }
        }
        // Fixed figures: ease-in-out is symmetric, 0.5 at 0.5, and slow at the start.
        #expect(UnitCurve.easeInOut.value(at: 0.5) == 0.5)
        #expect(abs(UnitCurve.easeInOut.value(at: 0.25) - 0.129161930) < 1e-8)
        #expect(UnitCurve.easeInOut.value(at: 0) == 0)
        #expect(UnitCurve.easeInOut.value(at: 1) == 1)
    }

    @Test func circularCurvesFollowTheCircle() {
        for p in Self.points {
            #expect(abs(UnitCurve.circularEaseIn.value(at: p) - (1 - (1 - p * p).squareRoot())) < 1e-15)
            #expect(abs(UnitCurve.circularEaseOut.value(at: p) - (1 - (1 - p) * (1 - p)).squareRoot()) < 1e-15)
        }
        #expect(UnitCurve.circularEaseInOut.value(at: 0.5) == 0.5)
        #expect(abs(UnitCurve.circularEaseInOut.value(at: 0.25) - (1 - 0.75.squareRoot()) / 2) < 1e-15)
        #expect(UnitCurve.linear.value(at: 0.3) == 0.3)
        // Progress outside 0...1 is clamped.
        #expect(UnitCurve.easeIn.value(at: -1) == 0)
        #expect(UnitCurve.easeIn.value(at: 2) == 1)
    }

    static let all: [UnitCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
        .bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.7), endControlPoint: UnitPoint(x: 0.6, y: 0.9)),
    ]

    @Test func inverseRoundTrips() {
        for curve in Self.all {
            for p in Self.points {
                #expect(abs(curve.value(at: curve.inverse.value(at: p)) - p) < 1e-9, "\(curve) at \(p)")
                #expect(abs(curve.inverse.value(at: curve.value(at: p)) - p) < 1e-9, "\(curve) at \(p)")
            }
            #expect(curve.inverse.inverse == curve)
        }
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.easeIn.inverse == .bezier(startControlPoint: UnitPoint(x: 0, y: 0.42),
                                                    endControlPoint: UnitPoint(x: 1, y: 1)))
    }

    @Test func velocityIsTheSlope() {
        let h = 1e-6
        for curve in Self.all {
            for p in stride(from: 0.01, through: 0.99, by: 0.01) where abs(p - 0.5) > 0.005 {
                let difference = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
                let velocity = curve.velocity(at: p)
                #expect(abs(velocity - difference) < 1e-5 * max(1, abs(velocity)), "\(curve) at \(p)")
            }
        }
        #expect(UnitCurve.linear.velocity(at: 0.7) == 1)
        // ease-in-out starts and ends at rest (its control points lie on its ends' tangents at y 0 and 1).
        #expect(UnitCurve.easeInOut.velocity(at: 0) == 0)
        #expect(UnitCurve.easeInOut.velocity(at: 1) == 0)
        // ease-out's first control point is its start, so both first derivatives vanish there and the
        // slope is the ratio of the second derivatives: 3 (y2 − y1) / 3 (x2 − x1) = 3 / 1.74.
        let easeOutStart = 3.0 / 1.74
        #expect(abs(UnitCurve.easeOut.velocity(at: 0) - easeOutStart) < 1e-12)
        #expect(UnitCurve.circularEaseOut.velocity(at: 0) == .infinity)
        #expect(UnitCurve.circularEaseOut.velocity(at: 1) == 0)
    }
}
