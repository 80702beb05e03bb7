import FlipbookDrawing
import Foundation

extension TouchScript.Event {
    /// A touch event's keys: `{"time": 0.5, "phase": "down", "finger": 0, "point": [120, 80]}`.
    package static let parameters = ParameterTable<TouchScript.Event>(
        title: "Touch", noun: "a touch event",
        summary: "An element of a ripples layer's `touches`: a finger going down, moving or lifting. "
            + "Every down and move starts a ring; each finger takes the palette colour of how many are already down.",
        parameters: [
            .required("time", \.time, .number, limits: .within(1e7), unit: "seconds",
                      help: "When it happens, on the layer's clock."),
            .required("phase", \.phase, .choice(Phase.allCases.map { ($0.rawValue, $0) }),
                      help: "What the finger does: down, move or up."),
            .value("finger", \.finger, .whole, default: 0, limits: .between(0, 1000),
                   help: "Which finger: events with the same number belong to one touch."),
            .required("point", \.point, .point, limits: .within(1e7), unit: "points", help: "Where."),
        ])
}

extension ValueCodec where Value == TouchScript.Event {
    package static var touch: ValueCodec {
        // time, phase and point are required, so the placeholders never survive reading.
        .object(TouchScript.Event.parameters, initial: TouchScript.Event(time: 0, phase: .down, point: .zero))
    }
}
