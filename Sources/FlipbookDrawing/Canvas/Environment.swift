import Foundation

extension CairoCanvas {
    /// What the drawing is made in, as SwiftUI's `GraphicsContext.environment`: its
    /// ``EnvironmentValues/colorScheme`` (light unless the drawing call or the timeline says dark) and
    /// the asset catalogs `Color("Name")` is looked up in.
    public var environment: EnvironmentValues { session.environment }

    /// `shading` with its colours fixed for this context: semantic and asset-catalog colours resolved
    /// for the environment, `.foreground` replaced by the ``foregroundStyle``. A fixed colour (the
    /// commonest draw) is answered in line, so the fast fills are not slowed.
    @inline(__always)
    func resolved(_ shading: Shading) -> Shading {
        if shading.isFixedColor { return shading }
        return shading.resolved(in: session.environment, foreground: foregroundStyle)
    }
}

/// A context's foreground style, boxed (see ``CairoCanvas/foregroundOverride``).
final class ShadingBox: Sendable {
    let shading: CairoCanvas.Shading
    init(_ shading: CairoCanvas.Shading) { self.shading = shading }
}

extension CairoCanvas.Shading {
    /// Whether the shading is a colour that is the same in every environment: nothing to resolve.
    @inline(__always)
    var isFixedColor: Bool {
        if case .color(let c) = kind { return c.isFixed }
        return false
    }

    /// This shading with fixed colours in `environment`, `.foreground` replaced by `foreground`.
    func resolved(in environment: EnvironmentValues, foreground: CairoCanvas.Shading) -> CairoCanvas.Shading {
        switch kind {
        case .color(let c):
            return .color(c.resolved(in: environment))
        case .foreground:
            // A foreground style that is itself `.foreground` means the default, primary.
            if case .foreground = foreground.kind { return .color(Color.primary.resolved(in: environment)) }
            return foreground.resolved(in: environment, foreground: .color(.primary))
        case .boundsGradient(let g):
            return Self(kind: .boundsGradient(g.resolved(in: environment)))
        case .linear(let g, let start, let end, let options):
            return Self(kind: .linear(g.resolved(in: environment), start: start, end: end, options: options))
        case .radial(let g, let center, let r0, let r1, let options):
            return Self(kind: .radial(g.resolved(in: environment), center: center, startRadius: r0, endRadius: r1,
                                      options: options))
        case .conic(let g, let center, let angle, let options):
            return Self(kind: .conic(g.resolved(in: environment), center: center, angle: angle, options: options))
        case .tiledImage:
            return self
        }
    }
}

extension Gradient {
    /// The gradient with its stops' colours fixed in `environment`.
    func resolved(in environment: EnvironmentValues) -> Gradient {
        guard !stops.allSatisfy(\.color.isFixed) else { return self }
        var copy = self
        for index in copy.stops.indices {
            copy.stops[index].color = copy.stops[index].color.resolved(in: environment)
        }
        return copy
    }
}
