import FlipbookDrawing
import Foundation

extension SceneFile.TextParameters {
    /// The text scene, with its font file (`font.src`) found relative to `baseDirectory` (the
    /// current directory when `nil`).
    ///
    /// - Throws: ``FlipbookError`` naming the first bad value under `keyPath` (`layers[0].font.src`).
    public func makeScene(baseDirectory: URL?) throws -> TextScene {
        try makeScene(baseDirectory: baseDirectory, keyPath: "")
    }

    func makeScene(baseDirectory: URL?, keyPath: String) throws -> TextScene {
        let font = self.font ?? SceneFile.FontParameters()
        let style = TextScene.FontStyle(
            family: font.family, size: font.size ?? Keyframed(Double(TextScene.FontStyle.defaultSize)),
            weight: font.weight ?? .regular, italic: font.italic ?? false, design: font.design ?? .default,
            file: font.src.map { URL(fileURLWithPath: $0, relativeTo: baseDirectory).standardizedFileURL })
        return try TextScene(
            text, font: style, fill: try fill(keyPath: keyPath), alignment: alignment ?? .leading,
            lineSpacing: lineSpacing ?? Keyframed(0), tracking: tracking ?? Keyframed(0), size: size,
            lineLimit: lineLimit, truncation: truncation, minimumScaleFactor: minimumScaleFactor ?? 1, keyPath: keyPath)
    }

    /// The colour or the gradient; a text has one fill.
    private func fill(keyPath: String) throws -> TextScene.Fill? {
        guard let gradient else { return color.map(TextScene.Fill.color) }
        let path = joinKeyPath(keyPath, "gradient")
        guard color == nil else {
            throw FlipbookError(invalid: path, "cannot be given with color: a text is painted with one or the other.",
                                at: FlipbookError.Location(keyPath: path))
        }
        return .gradient(try gradient.makeGradient(keyPath: path))
    }
}

extension SceneFile.GradientParameters {
    /// The gradient these keys describe; the scene that paints with it checks it.
    func makeGradient(keyPath: String) throws -> GradientFill {
        let (start, end) = (startPoint ?? Keyframed(.leading), endPoint ?? Keyframed(.trailing))
        switch (colors, stops) {
        case (let colors?, nil):
            return GradientFill(colors: colors, kind: kind ?? .linear, startPoint: start, endPoint: end)
        case (nil, let stops?):
            return GradientFill(stops: stops.map { GradientFill.Stop(color: $0.color, location: $0.location) },
                                kind: kind ?? .linear, startPoint: start, endPoint: end)
        default:
            let path = joinKeyPath(keyPath, colors == nil ? "colors" : "stops")
            throw FlipbookError(invalid: path, colors == nil ? "is missing; a gradient needs colors or stops."
                                    : "cannot be given with colors: give colors spread evenly, or stops at locations.",
                                at: FlipbookError.Location(keyPath: path))
        }
    }
}
