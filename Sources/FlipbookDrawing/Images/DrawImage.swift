import Foundation

extension CairoCanvas {
    /// Draws `image` scaled to fill `rect` (in user space), with this context's opacity and blend mode.
    public func draw(_ image: Bitmap, in rect: CGRect) {
        guard let matrix = prepare("draw image", rect: rect) else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, isVisible else { return }
        switch DrawSource.image(image, filling: r) {
        case .failure(let error):
            session.record(error)
        case .success(let source):
            render(DrawCommand(
                shape: .rect(r), source: source, extraAlpha: clampedOpacity, matrix: matrix,
                compositing: Compositing(blendMode)))
        }
    }

    /// Draws `image` at its natural size (one point per pixel) with `anchor` placed at `point`.
    public func draw(_ image: Bitmap, at point: CGPoint, anchor: UnitPoint = .center) {
        let w = CGFloat(image.width), h = CGFloat(image.height)
        draw(image, in: CGRect(x: point.x - anchor.x * w, y: point.y - anchor.y * h, width: w, height: h))
    }
}
