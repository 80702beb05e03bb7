import FlipbookDrawing
import Foundation

extension ShapeScene {
    /// Which outline a shape scene draws, each as SwiftUI's shape of the same name fills a rectangle.
    public enum Outline: Sendable, Equatable {
        /// ``Rectangle``.
        case rect
        /// ``RoundedRectangle`` with a keyframed corner radius.
        case roundedRect(cornerRadius: Keyframed<Double>, style: RoundedCornerStyle = .continuous)
        /// ``Capsule``.
        case capsule(style: RoundedCornerStyle = .continuous)
        /// ``Circle``: the largest circle centred in the box.
        case circle
        /// ``Ellipse``.
        case ellipse
        /// Any path; its bounding rectangle is stretched over the box.
        case path(Path)

        /// The outline in `box` at `time`.
        public func path(in box: CGRect, time: TimeInterval) -> Path {
            switch self {
            case .rect:
                return Rectangle().path(in: box)
            case .roundedRect(let radius, let style):
                return RoundedRectangle(cornerRadius: CGFloat(radius.value(at: time)), style: style).path(in: box)
            case .capsule(let style):
                return Capsule(style: style).path(in: box)
            case .circle:
                return Circle().path(in: box)
            case .ellipse:
                return Ellipse().path(in: box)
            case .path(let path):
                let bounds = path.boundingRect
                guard !bounds.isNull, bounds.width.isFinite, bounds.height.isFinite else { return Path() }
                // A flat path (a line) keeps its extent along the flat axis rather than dividing by zero.
                let sx = bounds.width > 0 ? box.width / bounds.width : 1
                let sy = bounds.height > 0 ? box.height / bounds.height : 1
                return path.applying(CGAffineTransform(a: sx, b: 0, c: 0, d: sy,
                                                       tx: box.minX - bounds.minX * sx, ty: box.minY - bounds.minY * sy))
            }
        }
    }
}
