import FlipbookAnimation
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
    private func fill(keyPath: String) throws -> LayerPaint? {
        guard let gradient else { return color.map(LayerPaint.color) }
        let path = joinKeyPath(keyPath, "gradient")
        guard color == nil else {
            throw FlipbookError(invalid: path, "cannot be given with color: a text is painted with one or the other.",
                                at: FlipbookError.Location(keyPath: path))
        }
        return .gradient(gradient)
    }
}
