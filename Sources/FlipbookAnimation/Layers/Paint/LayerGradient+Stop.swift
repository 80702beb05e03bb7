import FlipbookDrawing
import Foundation

extension LayerGradient {
    /// One colour of the gradient and where it lies, from 0 (the start) to 1 (the end).
    public struct Stop: Sendable, Equatable {
        /// The colour, keyframable (mixed in linear light).
        public var color: Keyframed<Color>
        /// Where it lies, 0...1, keyframable.
        public var location: Keyframed<Double>

        /// A stop of `color` at `location`.
        public init(color: Keyframed<Color>, location: Keyframed<Double>) {
            self.color = color
            self.location = location
        }
    }

    /// Stops for `colors` spread evenly from 0 to 1, as SwiftUI's `Gradient(colors:)`.
    public static func evenStops(_ colors: [Keyframed<Color>]) -> [Stop] {
        colors.enumerated().map { index, color in
            Stop(color: color, location: Keyframed(colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0))
        }
    }
}
