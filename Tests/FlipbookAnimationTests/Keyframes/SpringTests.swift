@testable import FlipbookAnimation
import Foundation
import Testing

/// Springs against Apple's documented figures and the damped oscillator's closed forms.
@Suite struct SpringTests {
    @Test func appleDocumentedFigures() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.91367041742973) < 1e-9)
        #expect((spring.stiffness * 10).rounded() / 10 == 157.9)
        #expect(abs(spring.damping - 17.592918860102841) < 1e-9)
        #expect((spring.damping * 10).rounded() / 10 == 17.6)
        #expect(abs(spring.duration - 0.5) < 1e-12)
        #expect(abs(spring.bounce - 0.3) < 1e-12)

        let spring2 = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring2.duration - 0.6283185307179586) < 1e-12)
        #expect((spring2.duration * 100).rounded() / 100 == 0.63)
        #expect(abs(spring2.bounce - 0.5) < 1e-12)
        #expect(abs(spring2.dampingRatio - 0.5) < 1e-12)
    }

    @Test func perceptualAndPhysicalPropertiesMapBothWays() {
        for (duration, bounce) in [(0.5, 0.0), (0.3, 0.15), (1.2, 0.7), (0.5, -0.4), (2, -0.8)] {
            let spring = Spring(duration: duration, bounce: bounce)
            #expect(abs(spring.duration - duration) < 1e-12)
            #expect(abs(spring.bounce - bounce) < 1e-12)
            let physical = Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                  allowOverDamping: true)
            #expect(abs(physical.bounce - bounce) < 1e-12)
        }
        // Overdamped springs are critically damped unless over-damping is allowed.
        #expect(Spring(mass: 1, stiffness: 100, damping: 50).damping == 20)
        #expect(Spring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true).damping == 50)
        let response = Spring(response: 0.4, dampingRatio: 0.6)
        #expect(abs(response.response - 0.4) < 1e-12)
        #expect(abs(response.dampingRatio - 0.6) < 1e-12)
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
        #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
        #expect(Spring.bouncy(duration: 0.8, extraBounce: 0.1) == Spring(duration: 0.8, bounce: 0.4))
        #expect(Spring() == .smooth)
    }

    /// x(t) of a unit motion from 0 at rest, from the textbook solutions, for each kind of damping.
    static func reference(_ spring: Spring, _ t: Double) -> Double {
        let w0 = (spring.stiffness / spring.mass).squareRoot(), zeta = spring.dampingRatio
        if abs(zeta - 1) < 1e-12 { return 1 - exp(-w0 * t) * (1 + w0 * t) }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
        }
        let r1 = -w0 * (zeta - (zeta * zeta - 1).squareRoot()), r2 = -w0 * (zeta + (zeta * zeta - 1).squareRoot())
        // u(0) = −1, u'(0) = 0: c1 + c2 = −1, r1 c1 + r2 c2 = 0.
        let c2 = r1 / (r2 - r1), c1 = -1 - c2
        return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    @Test func valueFollowsTheClosedForms() {
        for spring in [Spring(duration: 0.5, bounce: 0.3), Spring(mass: 2, stiffness: 300, damping: 20),
                       Spring(duration: 0.6, bounce: -0.5), Spring(mass: 1, stiffness: 100, damping: 20)] {
            for t in stride(from: 0.0, through: 2, by: 0.05) {
                #expect(abs(spring.value(target: 1.0, time: t) - Self.reference(spring, t)) < 1e-12,
                        "\(spring) at \(t)")
            }
        }
        // Linear in the target and the initial velocity, for any vector.
        let spring = Spring.bouncy
        let point = spring.value(fromValue: CGPoint.zero, toValue: CGPoint(x: 10, y: -4), time: 0.2)
        #expect(abs(point.x - 10 * spring.value(target: 1.0, time: 0.2)) < 1e-12)
        #expect(abs(point.y + 4 * spring.value(target: 1.0, time: 0.2)) < 1e-12)
        #expect(spring.value(target: 5.0, initialVelocity: 3, time: 0) == 0)
        #expect(abs(spring.velocity(target: 5.0, initialVelocity: 3, time: 0) - 3) < 1e-12)
        #expect(spring.value(fromValue: 2.0, toValue: 6.0, time: 0) == 2)
        #expect(abs(spring.value(fromValue: 2.0, toValue: 6.0, time: 10) - 6) < 1e-12)
    }

    @Test func velocityIsTheDerivative() {
        let h = 1e-6
        for spring in [Spring.bouncy, Spring.smooth, Spring(duration: 0.4, bounce: -0.6)] {
            for t in stride(from: 0.01, through: 1.5, by: 0.07) {
                let difference = (spring.value(target: 1.0, initialVelocity: 2, time: t + h)
                    - spring.value(target: 1.0, initialVelocity: 2, time: t - h)) / (2 * h)
                #expect(abs(spring.velocity(target: 1.0, initialVelocity: 2, time: t) - difference) < 1e-6)
            }
        }
    }

    @Test func settlingDurationIsWhenTheMotionStaysWithinOneThousandth() {
        // Critically damped: 1 − e^(−ω₀t)(1 + ω₀t) = 0.999 at ω₀t = 9.2334… (solved by bisection here).
        var low = 0.0, high = 50.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if exp(-middle) * (1 + middle) > 0.001 { low = middle } else { high = middle }
        }
        let smooth = Spring.smooth
        #expect(abs(smooth.settlingDuration - low / (4 * .pi)) < 1e-9)
        #expect(abs(smooth.settlingDuration - 0.73477) < 1e-5)
        for spring in [Spring.bouncy, Spring.snappy, Spring(duration: 1, bounce: 0.8), Spring(duration: 0.3, bounce: -0.5)] {
            let settled = spring.settlingDuration
            // Never further than 0.001 afterwards, and exactly 0.001 away at that moment.
            for t in stride(from: settled, through: settled + 3, by: 0.001) {
                #expect(abs(1 - spring.value(target: 1.0, time: t)) <= 0.001 + 1e-12)
            }
            #expect(abs(abs(1 - spring.value(target: 1.0, time: settled)) - 0.001) < 1e-9)
        }
        #expect(Spring(mass: 1, stiffness: 100, damping: 0).settlingDuration == .infinity)
    }
}
