@testable import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

/// Keyframe lists as scene files write them: read with their curves, springs and holds, drawing
/// exactly what the same animation written in Swift draws, and refused with exact messages.
@Suite struct KeyframedFileTests {
    static let codec = ValueCodec<Keyframed<Double>>.keyframed(ValueCodec<Double>.number)

    /// Reads `text` as the value at `keyPath` and checks it as the scene file would.
    static func read(_ text: String, keyPath: String = "layers[2].opacity") throws -> Keyframed<Double> {
        let json = try JSONReader.read(Data(text.utf8))
        let value = try codec.read(json, keyPath, codec.expected)
        try codec.validateNested?(value, keyPath)
        return value
    }

    static let file = """
        [{"time": 0, "value": 0},
         {"time": 0.5, "value": 1, "curve": "easeOut"},
         {"time": 1.25, "value": 0.25, "spring": {"duration": 0.5, "bounce": 0.3}},
         {"time": 1.5, "value": 0, "hold": true},
         {"time": 2, "value": 0.75, "curve": "cubic-bezier(0.25, 0.1, 0.25, 1)"},
         {"time": 2.5, "value": 1, "spring": "snappy"},
         {"time": 3, "value": 0.5, "spring": {"mass": 2, "stiffness": 300, "damping": 60}},
         {"time": 3.5, "value": 0.125}]
        """

    /// The same animation, written in Swift.
    static let twin = KeyframeTimeline(initialValue: 0.0) {
        LinearKeyframe(1.0, duration: 0.5, timingCurve: .easeOut)
        SpringKeyframe(0.25, duration: 0.75, spring: Spring(duration: 0.5, bounce: 0.3))
        LinearKeyframe(0.25, duration: 0.25)
        MoveKeyframe(0.0)
        LinearKeyframe(0.75, duration: 0.5,
                       timingCurve: .bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1),
                                            endControlPoint: UnitPoint(x: 0.25, y: 1)))
        SpringKeyframe(1.0, duration: 0.5, spring: .snappy)
        SpringKeyframe(0.5, duration: 0.5, spring: Spring(mass: 2, stiffness: 300, damping: 60, allowOverDamping: true))
        LinearKeyframe(0.125, duration: 0.5)
    }

    @Test func fileKeyframesDrawWhatTheSwiftTwinDraws() throws {
        let keyframed = try Self.read(Self.file)
        #expect(keyframed.keys.map(\.motion) == [
            .linear, .curve(.easeOut), .spring(Spring(duration: 0.5, bounce: 0.3)), .hold,
            .curve(.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1))),
            .spring(.snappy), .spring(Spring(mass: 2, stiffness: 300, damping: 60, allowOverDamping: true)), .linear,
        ])
        let times = (-50...450).map { Double($0) / 100 } + keyframed.keys.map(\.time)
        for t in times {
            #expect(keyframed.value(at: t).bitPattern == Self.twin.value(time: t).bitPattern, "at \(t)")
        }
        // Real values: the keyframes' own values where the motion reaches them, the hold, the start.
        #expect(keyframed.value(at: -1) == 0)
        #expect(keyframed.value(at: 0.5) == 1)
        #expect(keyframed.value(at: 0.25) == UnitCurve.easeOut.value(at: 0.5))
        #expect(keyframed.value(at: 1.5) == 0)
        #expect(keyframed.value(at: 1.4999) > 0.2)
        #expect(keyframed.value(at: 2) == 0.75)
        #expect(keyframed.value(at: 3.5) == 0.125)
        #expect(keyframed.value(at: 10) == 0.125)
        // The spring starts from 1 at the easeOut curve's end velocity (0: ease-out ends at rest).
        #expect(keyframed.value(at: 0.75) == 1 + Spring(duration: 0.5, bounce: 0.3).value(target: -0.75, time: 0.25))
    }

    @Test func keyframesStartingLaterAreTheTwinShifted() throws {
        let keyframed = try Self.read("""
            [{"time": 1, "value": 2}, {"time": 1.5, "value": 4, "curve": "circularEaseInOut"},
             {"time": 2.25, "value": 3, "spring": "bouncy"}]
            """)
        let twin = KeyframeTimeline(initialValue: 2.0) {
            LinearKeyframe(4.0, duration: 0.5, timingCurve: .circularEaseInOut)
            SpringKeyframe(3.0, duration: 0.75, spring: .bouncy)
        }
        for t in stride(from: 0.0, through: 3, by: 0.01) {
            #expect(keyframed.value(at: t).bitPattern == twin.value(time: t - 1).bitPattern, "at \(t)")
        }
        #expect(keyframed.value(at: 0.5) == 2)
        #expect(keyframed.value(at: 1.25) == 3)
        #expect(keyframed.timeline?.duration == 1.25)
    }

    @Test func writingReadsBack() throws {
        let keyframed = try Self.read(Self.file)
        let written = Self.codec.write(keyframed)
        #expect(written.compactText.contains(#""curve": "cubic-bezier(0.25, 0.1, 0.25, 1)""#))
        #expect(written.compactText.contains(#""spring": "snappy""#))
        #expect(written.compactText.contains(#""spring": {"mass": 2, "stiffness": 300, "damping": 60}"#))
        let again = try Self.codec.read(written, "opacity", Self.codec.expected)
        #expect(again == keyframed)
        // A constant stays a plain value.
        #expect(Self.codec.write(Keyframed(0.5)).compactText == "0.5")
        #expect(try Self.read("0.5").constantValue == 0.5)
    }

    /// Expects reading `text` to fail with exactly `message` at `line`:`column` and `keyPath`.
    func expectError(_ text: String, _ message: String, line: Int?, column: Int?, keyPath: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Self.read(text)
            Issue.record("expected an error", sourceLocation: sourceLocation)
        } catch let error as FlipbookError {
            #expect(error.kind == .invalidInput, sourceLocation: sourceLocation)
            #expect(error.message == message, sourceLocation: sourceLocation)
            #expect(error.location == FlipbookError.Location(line: line, column: column, keyPath: keyPath),
                    sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected a FlipbookError, got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func readingErrors() {
        expectError("""
            [{"time": 0, "value": 0}, {"time": 1, "value": 1}, {"time": 2, "value": 0},
             {"time": 1.5, "value": 1}]
            """, "layers[2].opacity[3].time must be later than the keyframe before it (2); it is 1.5.",
                    line: nil, column: nil, keyPath: "layers[2].opacity[3].time")
        expectError("""
            [
              {"time": 0, "value": 0},
              {"time": 0.4, "value": 1, "curve": "easeOutt"}
            ]
            """, "layers[2].opacity[1].curve must be a curve: linear, easeIn, easeOut, easeInOut, circularEaseIn, "
                + "circularEaseOut, circularEaseInOut or cubic-bezier(x1, y1, x2, y2); it is 'easeOutt'. "
                + "Did you mean 'easeOut'?", line: 3, column: 38, keyPath: "layers[2].opacity[1].curve")
        expectError("""
            [
              {"time": 0, "value": 0},
              {"time": 0.4, "value": 1, "curve": "easeOut", "spring": "bouncy"}
            ]
            """, "layers[2].opacity[1] must have at most one of curve, spring and hold; it has curve and spring.",
                    line: 3, column: 3, keyPath: "layers[2].opacity[1]")
        expectError("""
            [{"time": 0, "value": 0}, {"time": 1, "value": 1, "hold": true, "curve": "linear"}]
            """, "layers[2].opacity[1] must have at most one of curve, spring and hold; it has hold and curve.",
                    line: 1, column: 27, keyPath: "layers[2].opacity[1]")
        expectError("""
            [{"time": 0, "value": 0}, {"time": 1, "value": 1, "curve": "cubic-bezier(1.5, 0, 1, 1)"}]
            """, "layers[2].opacity[1].curve must be cubic-bezier(x1, y1, x2, y2) with four numbers, x1 and x2 "
                + "between 0 and 1; it is a string (\"cubic-bezier(1.5, 0, 1, 1)\").",
                    line: 1, column: 60, keyPath: "layers[2].opacity[1].curve")
        expectError("""
            [{"time": 0, "value": 0}, {"time": 1, "value": 1, "spring": "bouncey"}]
            """, "layers[2].opacity[1].spring must be a spring: smooth, snappy, bouncy, {\"duration\", \"bounce\"} or "
                + "{\"mass\", \"stiffness\", \"damping\"}; it is 'bouncey'. Did you mean 'bouncy'?",
                    line: 1, column: 61, keyPath: "layers[2].opacity[1].spring")
        expectError("""
            [{"time": 0, "value": 0}, {"time": 1, "value": 1, "spring": {"duration": 0.5, "bounse": 0.2}}]
            """, "layers[2].opacity[1].spring.bounse is not a key of a spring. Did you mean 'bounce'? Known keys: "
                + "duration, bounce, mass, stiffness, damping.",
                    line: 1, column: 89, keyPath: "layers[2].opacity[1].spring.bounse")
        expectError("""
            [{"time": 0, "value": 0}, {"time": 1, "value": 1, "spring": {"duration": 0.5, "bounce": 1.5}}]
            """, "layers[2].opacity[1].spring.bounce must be between -1 and 1; it is 1.5.",
                    line: 1, column: 89, keyPath: "layers[2].opacity[1].spring.bounce")
        expectError("""
            [{"time": 0, "value": 0}, {"time": 1, "value": 1, "spring": {"duration": 0.5, "damping": 10}}]
            """, "layers[2].opacity[1].spring must be either {\"duration\", \"bounce\"} or {\"mass\", \"stiffness\", "
                + "\"damping\"}; it is an object with the keys duration, damping.",
                    line: 1, column: 61, keyPath: "layers[2].opacity[1].spring")
        expectError("""
            [{"time": 0, "value": 0}, {"time": 1, "value": 1, "curv": "easeIn"}]
            """, "layers[2].opacity[1].curv is not a key of a keyframe. Did you mean 'curve'? Known keys: time, value, "
                + "curve, spring, hold.", line: 1, column: 59, keyPath: "layers[2].opacity[1].curv")
    }
}
