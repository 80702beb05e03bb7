import Foundation

// A `.projectionTransform` filter acts on what is drawn before any filter added earlier does. When the
// projections were the last filters added, nothing acts between them and the drawing: an affine one is
// the same as drawing with the context's transform followed by it, which is exact (paths stay paths,
// text stays text) where warping the drawn pixels would resample them. A perspective one is drawn by
// subdividing where it can (``CairoCanvas/fillThroughPerspective(_:with:style:)``) and warps pixels
// otherwise.
extension CairoCanvas {
    /// The run of projection filters added last as one device-to-device transform (the most
    /// recently added acting first), and how many filters it is; `nil` when the last filter added is
    /// not a projection.
    var trailingProjection: (transform: ProjectionTransform, count: Int)? {
        guard case .projection = filters.last?.kind else { return nil }
        var combined = ProjectionTransform(), count = 0
        for filter in filters.reversed() {
            guard case .projection(let p) = filter.kind else { break }
            combined = combined.concatenating(p)
            count += 1
        }
        return (combined, count)
    }

    /// The filters that work on the pixels of what is drawn: all of them but an affine trailing
    /// projection, which drawing folds into its transform (``drawingTransform``).
    var layerFilters: ArraySlice<DeviceFilter> {
        guard !filters.isEmpty, let trailing = trailingProjection, trailing.transform.affine != nil else { return filters[...] }
        return filters.dropLast(trailing.count)
    }

    /// User space to device pixels as drawing uses it: the context's transform followed by an affine
    /// trailing projection.
    var drawingTransform: CGAffineTransform {
        guard !filters.isEmpty, let folded = trailingProjection?.transform.affine else { return deviceTransform }
        return deviceTransform.concatenating(folded)
    }

    /// Fills `path` under a perspective trailing projection: taken through it into device space (its
    /// lines map to lines; its curves are subdivided first) and filled there, under the filters added
    /// before it. `false` when the fill must be drawn and warped instead: a shading other than a
    /// colour (Cairo has no projective gradient), or a point at or behind the viewer.
    func fillThroughPerspective(_ path: Path, with shading: Shading, style: FillStyle) -> Bool {
        guard !filters.isEmpty, let trailing = trailingProjection, trailing.transform.affine == nil,
              case .color = shading.kind, session.isOpen
        else { return false }
        let device = deviceTransform
        guard device.isFinite, device.isUsableByCairo, trailing.transform.isFinite,
              let projected = PerspectivePath.project(path, userToDevice: device, through: trailing.transform)
        else { return false }
        var flat = self
        flat.filters = Array(filters.dropLast(trailing.count))
        // Device pixels are the user space: the projected path is drawn as it is.
        flat.transform = CGAffineTransform(scaleX: 1 / session.scale, y: 1 / session.scale)
        flat.fill(projected, with: shading, style: style)
        return true
    }
}

/// A path taken through a projective transform.
enum PerspectivePath {
    /// The largest distance, in device pixels, between a subdivided curve and the chords drawn for it
    /// (before the projection; the projection's own bending is taken into account by measuring the
    /// control polygon after it).
    static let tolerance: CGFloat = 0.1
    /// The most chords one curve is cut into.
    static let mostChords = 1024

    /// `path` in device space: each point taken through `userToDevice` and then `projection`; `nil`
    /// when a point lands at or behind the viewer (where the picture would wrap through infinity).
    static func project(_ path: Path, userToDevice: CGAffineTransform, through projection: ProjectionTransform) -> Path? {
        var result = Path()
        var failed = false
        var current = CGPoint.zero, start = CGPoint.zero
        func map(_ p: CGPoint) -> CGPoint? {
            let d = p.applying(userToDevice)
            let w = d.x * projection.m13 + d.y * projection.m23 + projection.m33
            guard w > 1e-6, w.isFinite else { return nil }
            let q = CGPoint(x: (d.x * projection.m11 + d.y * projection.m21 + projection.m31) / w,
                            y: (d.x * projection.m12 + d.y * projection.m22 + projection.m32) / w)
            return q.x.isFinite && q.y.isFinite ? q : nil
        }
        /// The chords of a curve through `points` (its control points, current point first).
        func curve(_ points: [CGPoint], at t: (CGFloat) -> CGPoint) {
            let mapped = points.compactMap(map)
            guard mapped.count == points.count else { failed = true; return }
            let length = zip(mapped, mapped.dropFirst()).reduce(CGFloat(0)) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
            // Clamped before converting: a curve thrown far away has an infinite length.
            let wanted = (length / tolerance).squareRoot().rounded(.up)
            let chords = wanted.isFinite ? Int(min(max(wanted, 1), CGFloat(mostChords))) : mostChords
            for index in 1...chords {
                guard let q = map(t(CGFloat(index) / CGFloat(chords))) else { failed = true; return }
                result.addLine(to: q)
            }
        }
        path.forEach { element in
            guard !failed else { return }
            switch element {
            case .move(let p):
                guard let q = map(p) else { failed = true; return }
                result.move(to: q)
                current = p
                start = p
            case .line(let p):
                guard let q = map(p) else { failed = true; return }
                result.addLine(to: q)
                current = p
            case .quadCurve(let p, let c):
                let a = current
                curve([a, c, p]) { t in
                    let u = 1 - t
                    return CGPoint(x: u * u * a.x + 2 * u * t * c.x + t * t * p.x, y: u * u * a.y + 2 * u * t * c.y + t * t * p.y)
                }
                current = p
            case .curve(let p, let c1, let c2):
                let a = current
                curve([a, c1, c2, p]) { t in
                    let u = 1 - t
                    let (b0, b1, b2, b3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    return CGPoint(x: b0 * a.x + b1 * c1.x + b2 * c2.x + b3 * p.x, y: b0 * a.y + b1 * c1.y + b2 * c2.y + b3 * p.y)
                }
                current = p
            case .closeSubpath:
                result.closeSubpath()
                current = start
            }
        }
        return failed ? nil : result
    }
}
