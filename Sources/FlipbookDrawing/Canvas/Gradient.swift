import Foundation

/// A list of colours at locations along a gradient's axis, as in SwiftUI.
public struct Gradient: Equatable, Hashable, Sendable {
    /// One colour and where it sits on the gradient's axis, `0...1`.
    public struct Stop: Equatable, Hashable, Sendable {
        /// The colour at this stop.
        public var color: Color
        /// Where the stop sits, `0` at the start of the axis and `1` at its end.
        public var location: CGFloat

        /// A stop of `color` at `location` along the axis (0 at its start, 1 at its end).
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, in the order given. Drawing sorts them by location (stable for equal locations).
    public var stops: [Stop]

    /// A gradient from explicit stops.
    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// A gradient whose colours are spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = max(colors.count - 1, 1)
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat($0.offset) / CGFloat(last)) }
    }

    /// The stops sorted by location, with locations clamped to `0...1`.
    var sortedStops: [Stop] {
        stops.enumerated()
            .map { (offset: $0.offset, stop: Stop(color: $0.element.color, location: min(max($0.element.location, 0), 1))) }
            .sorted { $0.stop.location != $1.stop.location ? $0.stop.location < $1.stop.location : $0.offset < $1.offset }
            .map(\.stop)
    }

    /// The first stop whose location is not finite, for diagnostics.
    func problem() -> String? {
        for (index, stop) in stops.enumerated() where !stop.location.isFinite {
            return "gradient stop \(index) has a non-finite location (\(stop.location))"
        }
        return nil
    }
}

extension CairoCanvas {
    /// Options for gradient shadings, as in SwiftUI.
    public struct GradientOptions: OptionSet, Hashable, Sendable {
        /// The options as bits.
        public let rawValue: UInt32

        /// Options from their bits.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Repeat the gradient beyond its end points instead of extending the end colours.
        public static let `repeat` = GradientOptions(rawValue: 1 << 0)
        /// Repeat the gradient beyond its end points, reversing every other repetition.
        public static let mirror = GradientOptions(rawValue: 1 << 1)
        /// Interpolate between stops in linear-light sRGB instead of gamma-encoded sRGB.
        public static let linearColor = GradientOptions(rawValue: 1 << 2)
    }
}

/// Colour interpolation between sorted stops, shared by the gradient patterns.
struct GradientRamp {
    /// Non-premultiplied RGBA stops with opacity already applied, sorted by location.
    struct Entry {
        var location: Double
        var r, g, b, a: Double
    }

    var entries: [Entry]

    init(_ gradient: Gradient, opacity: Double, linearColor: Bool) {
        let sorted = gradient.sortedStops.map {
            Entry(location: Double($0.location), r: $0.color.red, g: $0.color.green, b: $0.color.blue,
                  a: $0.color.opacity * opacity)
        }
        guard linearColor, sorted.count >= 2 else {
            entries = sorted
            return
        }
        // Cairo interpolates gamma-encoded values; approximate linear-light interpolation with
        // intermediate stops computed in linear light.
        var result: [Entry] = [sorted[0]]
        let steps = 16
        for (start, end) in zip(sorted, sorted.dropFirst()) {
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                func mix(_ x: Double, _ y: Double) -> Double {
                    GradientRamp.encode(GradientRamp.decode(x) + (GradientRamp.decode(y) - GradientRamp.decode(x)) * t)
                }
                result.append(Entry(
                    location: start.location + (end.location - start.location) * t,
                    r: mix(start.r, end.r), g: mix(start.g, end.g), b: mix(start.b, end.b),
                    a: start.a + (end.a - start.a) * t))
            }
        }
        entries = result
    }

    /// The colour at `t` (clamped to the end stops), interpolated in sRGB as Cairo does.
    func color(at t: Double) -> Entry {
        guard let first = entries.first, let last = entries.last else {
            return Entry(location: t, r: 0, g: 0, b: 0, a: 0)
        }
        if t <= first.location { return first }
        if t >= last.location { return last }
        var index = 1
        while index < entries.count - 1, entries[index].location < t { index += 1 }
        let a = entries[index - 1], b = entries[index]
        let span = b.location - a.location
        let f = span > 0 ? (t - a.location) / span : 1
        return Entry(location: t, r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f,
                     b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
    }

    static func decode(_ v: Double) -> Double {
        Color.RGBColorSpace.linear(fromSRGB: v)
    }

    static func encode(_ v: Double) -> Double {
        Color.RGBColorSpace.sRGB(fromLinear: v)
    }
}
