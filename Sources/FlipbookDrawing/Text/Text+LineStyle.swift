import Foundation

extension Text {
    /// How an underline or a strikethrough is drawn, as SwiftUI's `Text.LineStyle`: a solid line of the
    /// thickness and position the font gives, in `color` or, when it is `nil`, as the text is painted.
    ///
    /// The line takes the colour's red, green and blue; its opacity is the text's.
    public struct LineStyle: Hashable, Sendable {
        /// The line's pattern: solid.
        public let pattern: Pattern
        /// The line's colour; `nil` paints it as the text is painted.
        public let color: Color?

        /// A line with `pattern` in `color`.
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's colour.
        public static let single = LineStyle()

        /// The same line with its colour fixed for `environment`.
        func resolvingColor(in environment: EnvironmentValues) -> LineStyle {
            LineStyle(pattern: pattern, color: color?.resolved(in: environment))
        }

        /// The pattern of a line: Pango draws text lines solid, so that is the one pattern.
        public struct Pattern: Hashable, Sendable {
            private init() {}

            /// A solid line.
            public static let solid = Pattern()

            /// Unavailable: text lines are solid.
            @available(*, unavailable, message: "Flipbook draws text lines solid: use .solid, or stroke a dotted Path under the text with StrokeStyle(dash:)")
            public static var dot: Pattern { solid }

            /// Unavailable: text lines are solid.
            @available(*, unavailable, message: "Flipbook draws text lines solid: use .solid, or stroke a dashed Path under the text with StrokeStyle(dash:)")
            public static var dash: Pattern { solid }

            /// Unavailable: text lines are solid.
            @available(*, unavailable, message: "Flipbook draws text lines solid: use .solid, or stroke a dashed Path under the text with StrokeStyle(dash:)")
            public static var dashDot: Pattern { solid }

            /// Unavailable: text lines are solid.
            @available(*, unavailable, message: "Flipbook draws text lines solid: use .solid, or stroke a dashed Path under the text with StrokeStyle(dash:)")
            public static var dashDotDot: Pattern { solid }
        }
    }
}
