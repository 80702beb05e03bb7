import CCairo
import Foundation

/// An immediate-mode drawing context with SwiftUI's `GraphicsContext` API, drawing with Cairo.
///
/// A context is a value: every copy carries its own ``transform``, ``opacity``, ``blendMode`` and clip,
/// and all copies draw into the same raster (or vector page). So
///
/// ```swift
/// var ctx = context
/// ctx.opacity = 0.5
/// ctx.translateBy(x: posX, y: posY)
/// ctx.rotate(by: .degrees(rotation))
/// ctx.fill(Path(CGRect(x: -w / 2, y: -h / 2, width: w, height: h)), with: .color(.purple))
/// ```
///
/// changes nothing about `context`. You get a context from `Bitmap.draw(scale:background:_:)` or
/// `Bitmap.writeVector(to:format:size:_:)`; its user space is points with y pointing down.
///
/// Drawing never throws and never crashes on bad numbers: an operation given a NaN or infinite
/// coordinate, transform, width or rectangle is skipped, and the first such problem is kept as the
/// bitmap's `drawingIssue` (writing the bitmap then throws it). A context that outlives its `draw` call
/// draws nothing.
public struct CairoCanvas {
    let session: DrawingSession

    /// The opacity applied to everything drawn, `0...1` (values outside are clamped). Default 1.
    public var opacity: Double = 1

    /// How drawing combines with the raster. Default ``BlendMode/normal``.
    public var blendMode: BlendMode = .normal

    /// The transform from this context's user space to the canvas's points (the raster's pixels
    /// divided by its scale). Default identity.
    public var transform: CGAffineTransform = .identity

    /// What `.foreground` shadings, text without a colour of its own and template images draw with:
    /// the foreground style a SwiftUI `Canvas` takes from its view. Default ``Color/primary``, resolved
    /// for the ``environment``'s colour scheme. Set to `.foreground` itself, it is ``Color/primary``.
    public var foregroundStyle: Shading {
        get { foregroundOverride?.shading ?? .color(.primary) }
        set { foregroundOverride = ShadingBox(newValue) }
    }

    /// The foreground style set on this context; `nil` (the default) for primary. Boxed, so that a
    /// context (copied once per confetti piece) grows by one pointer, not by a whole shading.
    var foregroundOverride: ShadingBox?

    /// The clip list, innermost last; `nil` means no clip.
    var clip: ClipNode?

    /// The filters added with ``addFilter(_:options:)``, in the order added.
    var filters: [DeviceFilter] = []

    /// Whether draws may use the canvas's own rasterizers (``FastFillRasterizer``, ``FastRing``)
    /// instead of Cairo. Tests turn it off to compare the two; the pixels agree within a few levels.
    package var allowsFastPaths = true

    /// Whether the fast fill may find narrow shapes' coverage in windows of vector lanes
    /// (`fill_window.c`) rather than in coverage cells. Tests turn it off to compare the two.
    package var allowsFillWindows = true

    init(session: DrawingSession) {
        self.session = session
    }

    /// Moves the origin of user space by `(x, y)` in the current user space.
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        transform = transform.translatedBy(x: x, y: y)
    }

    /// Scales user space by `(x, y)`.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        transform = transform.scaledBy(x: x, y: y)
    }

    /// Rotates user space by `angle`; positive angles turn +x towards +y, clockwise on screen.
    public mutating func rotate(by angle: Angle) {
        transform = transform.rotated(by: CGFloat(angle.radians))
    }

    /// Prepends `matrix` to the transform: `matrix` acts first, in the current user space.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        transform = matrix.concatenating(transform)
    }

    /// The transform from user space to device pixels.
    var deviceTransform: CGAffineTransform {
        let s = session.scale
        return CGAffineTransform(a: transform.a * s, b: transform.b * s, c: transform.c * s,
                                 d: transform.d * s, tx: transform.tx * s, ty: transform.ty * s)
    }

    /// The device-space bounds of what may be visible through the clip.
    var clipDeviceBounds: CGRect {
        clip?.deviceBounds ?? session.bounds
    }

    /// A rectangle in user space containing everything that the clip lets through.
    ///
    /// Without a clip this is the whole canvas. When nothing is visible (an empty clip) or the
    /// transform cannot be inverted, it is `CGRect.null`.
    public var clipBoundingRect: CGRect {
        if clip?.isEmpty == true { return .null }
        let device = clipDeviceBounds
        let m = deviceTransform
        guard m.isUsableByCairo else { return .null }
        return device.applying(m.inverted())
    }

    /// Intersects the clip with `path` (or, with `.inverse`, with everything outside it).
    ///
    /// The path is taken in the current user space. A path or transform that is not finite makes the
    /// clip empty (nothing drawn through it is visible) and is reported as the drawing issue.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = []) {
        guard session.isOpen else { return }
        let inverse = options.contains(.inverse)
        let m = deviceTransform
        guard m.isFinite else {
            session.record("clip", "the transform has a non-finite entry (\(transform))")
            clip = .empty(parent: clip)
            return
        }
        if let problem = PathEmitter.problem(in: path) {
            session.record("clip", problem)
            clip = .empty(parent: clip)
            return
        }
        let parentBounds = clipDeviceBounds
        guard m.isUsableByCairo, !path.isEmpty else {
            // A collapsed transform or an empty path covers nothing: its inverse is everything.
            if !inverse { clip = .empty(parent: clip) }
            return
        }
        let bounds: CGRect
        if inverse {
            bounds = parentBounds
        } else {
            let pathBounds = path.boundingRect.applying(m)
            bounds = pathBounds.isNull ? .zero : pathBounds.clamped(to: parentBounds)
        }
        clip = ClipNode(parent: clip, path: path, matrix: cairo_matrix_t(m), style: style, inverse: inverse,
                        bounds: bounds)
    }

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        // A fixed colour (the commonest fill) is passed on as it is, without copying the shading.
        if shading.isFixedColor {
            fillResolved(path, with: shading, style: style)
        } else {
            fillResolved(path, with: resolved(shading), style: style)
        }
    }

    /// Fills `path` with `shading`, whose colours are fixed.
    @inline(__always)
    private func fillResolved(_ path: Path, with shading: Shading, style: FillStyle) {
        guard let matrix = prepare("fill", path: path, shading: shading) else { return }
        guard !path.isEmpty, isVisible else { return }
        if !filters.isEmpty, fillThroughPerspective(path, with: shading, style: style) { return }
        // The commonest draw (a confetti piece) goes straight to the fast fill, without a draw command.
        var fastFillDeclined = false
        if case .color(let c) = shading.kind {
            if let drawn = fastFill(path, style, r: c.red, g: c.green, b: c.blue, a: c.opacity * clampedOpacity,
                                    matrix: matrix) {
                session.markDirty(drawn)
                return
            }
            fastFillDeclined = true
        }
        let shape = DrawCommand.Shape.fill(path, style)
        guard let source = makeSource(shading, shape: shape, operation: "fill") else { return }
        render(DrawCommand(shape: shape, source: source, extraAlpha: 1, matrix: matrix,
                           compositing: Compositing(blendMode)), fastFillDeclined: fastFillDeclined)
    }

    /// Strokes `path` with `shading` in the given style.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        if shading.isFixedColor {
            strokeResolved(path, with: shading, style: style)
        } else {
            strokeResolved(path, with: resolved(shading), style: style)
        }
    }

    /// Strokes `path` with `shading`, whose colours are fixed.
    @inline(__always)
    private func strokeResolved(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard let matrix = prepare("stroke", path: path, shading: shading) else { return }
        if let problem = style.problem() {
            session.record("stroke", problem)
            return
        }
        guard !path.isEmpty, style.lineWidth > 0, isVisible else { return }
        let shape = DrawCommand.Shape.stroke(path, style)
        guard let source = makeSource(shading, shape: shape, operation: "stroke") else { return }
        render(DrawCommand(shape: shape, source: source, extraAlpha: 1, matrix: matrix,
                           compositing: Compositing(blendMode)))
    }

    /// Strokes `path` with `shading` and a line `lineWidth` wide (default 1), butt caps and miter joins.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Checks the state every draw depends on. Returns the device matrix when drawing should go on;
    /// records a problem (and returns `nil`) for non-finite input: the state, and the path, shading or
    /// rectangle drawn. In line, so that a fill's path and shading are not copied into optionals.
    @inline(__always)
    func prepare(_ operation: String, path: Path? = nil, shading: Shading? = nil, rect: CGRect? = nil) -> cairo_matrix_t? {
        guard session.isOpen else { return nil }
        let m = drawingTransform
        guard m.isFinite else {
            session.record(operation, "the transform has a non-finite entry (\(transform))")
            return nil
        }
        guard opacity.isFinite || opacity.isInfinite else {
            session.record(operation, "the opacity is not a number")
            return nil
        }
        if let path, let problem = PathEmitter.problem(in: path) {
            session.record(operation, problem)
            return nil
        }
        if let problem = shading?.problem() {
            session.record(operation, problem)
            return nil
        }
        guard m.isUsableByCairo else { return nil }
        if let rect, !(rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.height.isFinite) {
            session.record(operation, "the rectangle is not finite (\(rect))")
            return nil
        }
        return cairo_matrix_t(m)
    }

    /// The opacity clamped to `0...1`.
    var clampedOpacity: Double {
        min(max(opacity, 0), 1)
    }

    /// Whether anything drawn now can change the raster (a non-empty clip, and a non-zero opacity
    /// unless the blend mode acts even with a transparent source).
    var isVisible: Bool {
        if clip?.isEmpty == true { return false }
        if clampedOpacity > 0 { return true }
        switch Compositing(blendMode) {
        case .linear, .plusDarker: return false
        case .coverageBlended, .unbounded: return true
        }
    }
}

/// SwiftUI's name for the drawing context.
public typealias GraphicsContext = CairoCanvas
