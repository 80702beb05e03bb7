@testable import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

/// Apple's documentation example, unchanged.
struct AnimationValues {
    var scale = 1.0
    var verticalStretch = 1.0
    var verticalTranslation = 0.0
    var angle = Angle.zero
}

func appleExampleTimeline() -> KeyframeTimeline<AnimationValues> {
    KeyframeTimeline(initialValue: AnimationValues()) {
        KeyframeTrack(\.scale) {
            LinearKeyframe(1.0, duration: 0.36)
            SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
            SpringKeyframe(1.0, spring: .bouncy)
        }
        KeyframeTrack(\.verticalTranslation) {
            LinearKeyframe(0.0, duration: 0.1)
            SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
            SpringKeyframe(-60.0, duration: 0.25, spring: .smooth)
            SpringKeyframe(0.0, spring: .bouncy)
        }
        KeyframeTrack(\.angle) {
            CubicKeyframe(.zero, duration: 0.58)
            CubicKeyframe(.degrees(16), duration: 0.125)
            CubicKeyframe(.degrees(-16), duration: 0.125)
            CubicKeyframe(.degrees(16), duration: 0.125)
            CubicKeyframe(.zero, duration: 0.125)
        }
    }
}

@Suite struct KeyframeTimelineTests {
    @Test func appleExample() {
        let timeline = appleExampleTimeline()
        let bouncy = Spring.bouncy
        #expect(abs(timeline.duration - (0.36 + 0.8 + bouncy.settlingDuration)) < 1e-12)
        let start = timeline.value(time: 0)
        #expect(start.scale == 1 && start.verticalTranslation == 0 && start.angle == .zero && start.verticalStretch == 1)
        // The scale holds at 1 for 0.36 s, then the bouncy spring pulls it toward 1.5 from rest.
        #expect(timeline.value(time: 0.2).scale == 1)
        #expect(timeline.value(time: 0.36 + 0.3).scale == 1 + bouncy.value(target: 0.5, time: 0.3))
        // The angle's first cubic keyframe goes from 0 to 0 but ends at the join's Catmull-Rom velocity
        // (16° − 0°) / (0.58 s + 0.125 s), so it dips a little first: h₁₁(s) d v₁ with s = 0.3 / 0.58.
        let joinVelocity = Angle.degrees(16).radians / (0.58 + 0.125), s = 0.3 / 0.58
        #expect(abs(timeline.value(time: 0.3).angle.radians - (s * s * s - s * s) * 0.58 * joinVelocity) < 1e-15)
        #expect(abs(timeline.value(time: 0.3).angle.degrees + 1.7001) < 1e-4)
        // Then it passes through ±16° at the cubic keyframes' times.
        #expect(abs(timeline.value(time: 0.705).angle.degrees - 16) < 1e-12)
        #expect(abs(timeline.value(time: 0.83).angle.degrees + 16) < 1e-12)
        #expect(abs(timeline.value(time: 0.955).angle.degrees - 16) < 1e-12)
        #expect(timeline.value(time: 1.08).angle.degrees == 0)
        // At 1.2 s: the scale's second spring has run 0.04 s from where the first stopped.
        let v = timeline.value(time: 1.2)
        #expect(v.angle == .zero)
        #expect(v.verticalStretch == 1)
        #expect(v.scale > 1.4 && v.scale < 1.6)
        // After the end every track holds its last value; the verticalTranslation spring has settled.
        let end = timeline.value(time: 100)
        #expect(abs(end.verticalTranslation) < 0.1)
        #expect(end.scale == timeline.value(time: timeline.duration).scale)
        #expect(timeline.value(progress: 0.5).scale == timeline.value(time: timeline.duration / 2).scale)
    }

    @Test func valueIsAPureFunctionOfTime() {
        let timeline = appleExampleTimeline()
        let times = (0...300).map { Double($0) * 0.0071 }
        func sample(_ order: [Double]) -> [Double: [Double]] {
            var values: [Double: [Double]] = [:]
            for t in order {
                let v = timeline.value(time: t)
                values[t] = [v.scale, v.verticalTranslation, v.angle.radians, v.verticalStretch]
            }
            return values
        }
        var generator = SeededRandom(seed: 7)
        let forward = sample(times)
        #expect(sample(times.reversed()) == forward)
        #expect(sample(times.shuffled(using: &generator)) == forward)
        #expect(sample(times + times) == forward)
    }

    @Test func cubicKeyframesPassThroughTheirValuesWithContinuousVelocity() {
        let values: [Double] = [4, -2, 7, 7.5, 1]
        let durations = [0.3, 0.5, 0.25, 0.4, 0.6]
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            for (value, duration) in zip(values, durations) { CubicKeyframe(value, duration: duration) }
        }
        let track = ResolvedKeyframes([KeyframeSpec<Double>](zip(values, durations).map {
            .cubic(to: $0.0, duration: $0.1, startVelocity: nil, endVelocity: nil)
        }), from: 0)
        var time = 0.0
        var previous = 0.0
        for index in values.indices {
            time += durations[index]
            #expect(timeline.value(time: time) == values[index], "keyframe \(index)")
            guard index + 1 < values.count else { continue }
            // Catmull-Rom: (next − previous) / the time between them, on both sides of the join.
            let slope = (values[index + 1] - previous) / (durations[index] + durations[index + 1])
            let h = 1e-7
            let before = (timeline.value(time: time) - timeline.value(time: time - h)) / h
            let after = (timeline.value(time: time + h) - timeline.value(time: time)) / h
            #expect(abs(track.velocity(at: time) - slope) < 1e-9)
            #expect(abs(before - slope) < 1e-4 * max(1, abs(slope)), "before keyframe \(index)")
            #expect(abs(after - slope) < 1e-4 * max(1, abs(slope)), "after keyframe \(index)")
            previous = values[index]
        }
        // The run starts at rest (nothing moved before it) and ends at rest.
        #expect(track.velocity(at: 0) == 0)
        #expect(abs(track.velocity(at: time - 1e-9)) < 1e-6)
        // Given velocities are kept.
        let given = ResolvedKeyframes([KeyframeSpec<Double>.cubic(to: 1, duration: 1, startVelocity: 3, endVelocity: -2)],
                                      from: 0)
        #expect(given.velocity(at: 0) == 3)
        #expect(abs(given.velocity(at: 1 - 1e-12) + 2) < 1e-9)
    }

    @Test func springKeyframesApproachTheirValue() {
        let timeline = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(10.0, spring: .smooth) }
        #expect(timeline.duration == Spring.smooth.settlingDuration)
        var last = 0.0
        for t in stride(from: 0.0, through: timeline.duration, by: 0.01) {
            let value = timeline.value(time: t)
            #expect(value == Spring.smooth.value(target: 10.0, time: t))
            // Critically damped from rest: it never turns back or overshoots.
            #expect(value >= last && value <= 10)
            last = value
        }
        #expect(abs(timeline.value(time: timeline.duration) - 10) <= 0.01 + 1e-9)

        // A short spring keyframe stops short; the next starts where it stopped, at its velocity.
        let short = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(10.0, duration: 0.1, spring: .bouncy)
            SpringKeyframe(-5.0, duration: 0.5, spring: .snappy)
        }
        let stop = Spring.bouncy.value(target: 10.0, time: 0.1)
        let speed = Spring.bouncy.velocity(target: 10.0, time: 0.1)
        #expect(stop < 9)
        #expect(short.value(time: 0.1) == stop)
        #expect(short.value(time: 0.3) == stop + Spring.snappy.value(target: -5 - stop, initialVelocity: speed, time: 0.2))
    }

    @Test func linearMoveAndBareKeyframes() {
        let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
            LinearKeyframe(CGPoint(x: 10, y: 20), duration: 1, timingCurve: .easeIn)
            MoveKeyframe(CGPoint(x: -5, y: 0))
            CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.5)
        }
        #expect(timeline.duration == 1.5)
        let c = UnitCurve.easeIn.value(at: 0.25)
        #expect(timeline.value(time: 0.25) == CGPoint(x: 10 * c, y: 20 * c))
        #expect(timeline.value(time: 0.999_999).x < 10.001)
        // The move happens at its time: from 1 s on, the value starts from (−5, 0).
        #expect(timeline.value(time: 1) == CGPoint(x: -5, y: 0))
        #expect(timeline.value(time: 1.5) == CGPoint(x: 0, y: 100))

        struct Pair { var a = 0.0; var b = 0.0 }
        let root = KeyframeTimeline(initialValue: 1.0) {
            KeyframeTrack { LinearKeyframe(3.0, duration: 2) }
        }
        #expect(root.value(time: 1) == 2)
        let tracks = KeyframeTimeline(initialValue: Pair()) {
            KeyframeTrack(\.a) { LinearKeyframe(2.0, duration: 2) }
            KeyframeTrack(\.b) {
                MoveKeyframe(3.0)
                LinearKeyframe(5.0, duration: 1)
            }
        }
        #expect(tracks.duration == 2)
        #expect(tracks.value(time: 0).b == 3)
        #expect(tracks.value(time: 0.5).a == 0.5)
        #expect(tracks.value(time: 0.5).b == 4)
        #expect(tracks.value(time: 1.5).b == 5)
        #expect(tracks.value(time: -1).a == 0)
    }
}


/// Keyframes and track content of one's own, described by their bodies, with `if` and `for`.
struct Wiggle: KeyframeTrackContent {
    var count: Int
    var body: some KeyframeTrackContent<Double> {
        for index in 0..<count {
            LinearKeyframe(index.isMultiple(of: 2) ? 1.0 : -1.0, duration: 0.25)
        }
        MoveKeyframe(0.0)
    }
}

struct ScaleAndWiggle: Keyframes {
    var wiggles: Bool
    var body: some Keyframes<AnimationValues> {
        KeyframeTrack(\.scale) { LinearKeyframe(2.0, duration: 1) }
        if wiggles {
            KeyframeTrack(\.verticalTranslation) { Wiggle(count: 3) }
        }
    }
}

@Suite struct CustomKeyframesTests {
    @Test func bodiesAreReadThrough() {
        let timeline = KeyframeTimeline(initialValue: AnimationValues()) { ScaleAndWiggle(wiggles: true) }
        #expect(timeline.duration == 1)
        #expect(timeline.value(time: 0.5).scale == 1.5)
        #expect(timeline.value(time: 0.25).verticalTranslation == 1)
        #expect(timeline.value(time: 0.5).verticalTranslation == -1)
        #expect(timeline.value(time: 0.625).verticalTranslation == 0)
        // The move at 0.75 s ends the track at 0.
        #expect(timeline.value(time: 0.8).verticalTranslation == 0)
        let still = KeyframeTimeline(initialValue: AnimationValues()) { ScaleAndWiggle(wiggles: false) }
        #expect(still.value(time: 0.25).verticalTranslation == 0)
    }
}
