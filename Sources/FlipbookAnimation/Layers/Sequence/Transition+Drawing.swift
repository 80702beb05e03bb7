import FlipbookDrawing
import Foundation

extension Timeline.Transition.Effect {
    /// Draws the old child and the new one `progress` of the way through the effect (0 shows the old
    /// child alone, 1 the new one alone) into `context`, whose user space is the sequence's box of
    /// `box` points; each child draws itself into the context it is handed. A pure function of its
    /// arguments, so a frame in the middle of a transition needs nothing but its time.
    func draw(outgoing: (CairoCanvas) -> Void, incoming: (CairoCanvas) -> Void, in context: CairoCanvas, box: CGSize,
              progress p: Double) {
        let whole = CGRect(origin: .zero, size: box)
        switch self {
        case .opacity:
            dissolve(outgoing, incoming, in: context, progress: p, blur: nil)
        case .blurReplace:
            dissolve(outgoing, incoming, in: context, progress: p, blur: Self.blurRadius(box: box))
        case .dip(let color):
            // The first half fades the old child to the colour, the second fades the colour off the new one.
            (p < 0.5 ? outgoing : incoming)(context)
            var veil = context
            veil.opacity = p < 0.5 ? 2 * p : 2 * (1 - p)
            veil.fill(Path(whole), with: .color(color))
        case .move(let edge):
            var clipped = context
            clipped.clip(to: Path(whole))
            outgoing(clipped)
            var moved = clipped
            moved.concatenate(Self.offset(edge, box: box, by: 1 - p))
            incoming(moved)
        case .push(let edge):
            var clipped = context
            clipped.clip(to: Path(whole))
            var leaving = clipped
            leaving.concatenate(Self.offset(edge, box: box, by: -p))
            outgoing(leaving)
            var coming = clipped
            coming.concatenate(Self.offset(edge, box: box, by: 1 - p))
            incoming(coming)
        case .wipe(let shape):
            outgoing(context)
            guard p > 0 else { return }
            var revealed = context
            revealed.clip(to: Self.reveal(shape, box: box, progress: p))
            incoming(revealed)
        case .scale:
            outgoing(context)
            guard p > 0 else { return }
            var grown = context
            grown.concatenate(CGAffineTransform(translationX: box.width / 2, y: box.height / 2)
                .scaledBy(x: p, y: p).translatedBy(x: -box.width / 2, y: -box.height / 2))
            incoming(grown)
        }
    }

    /// The blur radius a ``Timeline/Transition/Effect/blurReplace`` reaches, in points: a tenth of the box's shorter side.
    static func blurRadius(box: CGSize) -> Double {
        Double(min(box.width, box.height)) / 10
    }

    /// The translation of a picture `fraction` of the box's width or height toward `edge`.
    static func offset(_ edge: Timeline.Transition.Edge, box: CGSize, by fraction: Double) -> CGAffineTransform {
        let f = CGFloat(fraction)
        switch edge {
        case .leading: return CGAffineTransform(translationX: -box.width * f, y: 0)
        case .trailing: return CGAffineTransform(translationX: box.width * f, y: 0)
        case .top: return CGAffineTransform(translationX: 0, y: -box.height * f)
        case .bottom: return CGAffineTransform(translationX: 0, y: box.height * f)
        }
    }

    /// The part of the box a wipe has revealed at `progress`.
    static func reveal(_ shape: Timeline.Transition.WipeShape, box: CGSize, progress p: Double) -> Path {
        let (w, h, f) = (box.width, box.height, CGFloat(min(max(p, 0), 1)))
        let centre = CGPoint(x: w / 2, y: h / 2)
        // Far enough from the centre to reach the corners.
        let reach = hypot(w, h) / 2
        switch shape {
        case .edge(.leading): return Path(CGRect(x: 0, y: 0, width: w * f, height: h))
        case .edge(.trailing): return Path(CGRect(x: w * (1 - f), y: 0, width: w * f, height: h))
        case .edge(.top): return Path(CGRect(x: 0, y: 0, width: w, height: h * f))
        case .edge(.bottom): return Path(CGRect(x: 0, y: h * (1 - f), width: w, height: h * f))
        case .iris: return Path(ellipseIn: CGRect(x: centre.x - reach * f, y: centre.y - reach * f,
                                                  width: 2 * reach * f, height: 2 * reach * f))
        case .clock:
            var path = Path()
            path.move(to: centre)
            path.addRelativeArc(center: centre, radius: reach + 1, startAngle: .degrees(-90), delta: .degrees(360 * Double(f)))
            path.closeSubpath()
            return path
        }
    }

    /// The old child at `1 − progress` opacity and the new one at `progress`, added (so an opaque pair
    /// mixes to exactly `(1 − p)·old + p·new`), each blurred by `blur × ` its share of the way when given.
    private func dissolve(_ outgoing: (CairoCanvas) -> Void, _ incoming: (CairoCanvas) -> Void, in context: CairoCanvas,
                          progress p: Double, blur: Double?) {
        let p = min(max(p, 0), 1)
        context.drawLayer { mix in
            var old = mix
            old.opacity = 1 - p
            if let blur { old.addFilter(.blur(radius: CGFloat(blur * p))) }
            old.drawLayer { outgoing($0) }
            var new = mix
            new.opacity = p
            new.blendMode = .plusLighter
            if let blur { new.addFilter(.blur(radius: CGFloat(blur * (1 - p)))) }
            new.drawLayer { incoming($0) }
        }
    }
}
