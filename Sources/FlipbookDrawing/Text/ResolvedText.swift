import Foundation

extension CairoCanvas {
    /// Text with its style fixed, ready to measure and draw (SwiftUI's `GraphicsContext.ResolvedText`).
    ///
    /// Measurements are in points, from Pango's layout of the text: the logical extents (advance
    /// widths and line heights), as SwiftUI measures text.
    public struct ResolvedText: Sendable {
        let text: Text

        /// What the glyphs are painted with: the text's foreground style, or the context's
        /// ``CairoCanvas/foregroundStyle`` (`.foreground`) when the text has none. Colour emoji keep
        /// their own colours.
        public var shading: Shading

        /// `text` with the colours of its parts and lines fixed for `environment`.
        init(_ text: Text, environment: EnvironmentValues) {
            var fixed = text
            fixed.format = text.format.resolvingColors(in: environment)
            self.text = fixed
            shading = text.shading ?? text.color.map(Shading.color) ?? .foreground
        }

        /// The size the text takes when wrapped to `size.width` and cut to fit `size.height`
        /// (an infinite side does not constrain).
        public func measure(in size: CGSize) -> CGSize {
            measured(in: size) { CGSize(width: $0.logicalRect.width, height: $0.logicalRect.height) } ?? .zero
        }

        /// The distance from the top of the text to its first line's baseline, laid out in `size`.
        public func firstBaseline(in size: CGSize) -> CGFloat {
            measured(in: size) { $0.firstBaseline - $0.logicalRect.minY } ?? 0
        }

        /// The distance from the top of the text to its last line's baseline, laid out in `size`.
        public func lastBaseline(in size: CGSize) -> CGFloat {
            measured(in: size) { $0.lastBaseline - $0.logicalRect.minY } ?? 0
        }

        /// `value` of the text laid out in `size`; `nil` when it cannot be laid out (a bad size or font).
        private func measured<R>(in size: CGSize, _ value: (TextLayout) -> R) -> R? {
            try? TextShaper.withShaper { shaper in
                value(try shaper.layout(text, width: TextBox.constraint(size.width), height: TextBox.constraint(size.height)))
            }
        }
    }

    /// Fixes `text`'s style for measuring and drawing.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text, environment: session.environment)
    }
}

/// Turning SwiftUI's proposed sizes into layout constraints.
enum TextBox {
    /// A side that constrains the layout, or `nil` for an infinite or larger-than-layable side.
    static func constraint(_ side: CGFloat) -> CGFloat? {
        side.isFinite && side <= TextLayout.maximumLength ? max(side, 0) : (side.isNaN ? 0 : nil)
    }
}
