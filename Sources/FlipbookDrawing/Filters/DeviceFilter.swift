import FlipbookRaster
import Foundation

/// A filter as added to a context: its lengths, offsets and transform taken to device space with the
/// context's transform at the time it was added (as SwiftUI measures a filter in the user space of
/// the context it is added to).
struct DeviceFilter {
    enum Kind {
        case blur(sigma: Double, options: CairoCanvas.BlurOptions)
        case shadow(color: SIMD4<Float>, sigma: Double, dx: Double, dy: Double, blendMode: CairoCanvas.BlendMode,
                    options: CairoCanvas.ShadowOptions)
        case matrix(ColorMatrix, linear: Bool)
        case alphaThreshold(min: Float, max: Float, color: SIMD4<Float>)
        /// Device space to device space.
        case projection(ProjectionTransform)
    }

    let kind: Kind

    /// The largest blur σ and shadow offset kept, in device units. A picture is at most 32767 pixels
    /// (times 4 for vector stills) across, so anything larger looks the same, and capping keeps every
    /// later conversion to whole pixels in range.
    static let largestLength = 1_000_000.0

    private static func capped(_ length: Double) -> Double {
        min(max(length, -largestLength), largestLength)
    }

    init(kind: Kind) {
        self.kind = kind
    }

    /// `filter` added with `options` under the user-to-device transform `device`.
    init(_ filter: CairoCanvas.Filter, options: CairoCanvas.FilterOptions, device: CGAffineTransform) {
        // Lengths scale by the transform's mean scale factor; offsets by its linear part.
        let lengthScale = Double(abs(device.a * device.d - device.b * device.c)).squareRoot()
        switch filter.kind {
        case .blur(let radius, let blurOptions):
            kind = .blur(sigma: Self.capped(max(0, Double(radius)) * lengthScale), options: blurOptions)
        case .shadow(let color, let radius, let x, let y, let blendMode, let shadowOptions):
            kind = .shadow(color: color.premultipliedVector, sigma: Self.capped(max(0, Double(radius)) * lengthScale),
                           dx: Self.capped(Double(x * device.a + y * device.c)),
                           dy: Self.capped(Double(x * device.b + y * device.d)),
                           blendMode: blendMode, options: shadowOptions)
        case .matrix(let m):
            kind = .matrix(m, linear: options.contains(.linearColor))
        case .colorMultiply(let color):
            // Resolved to a matrix when added (``CairoCanvas/addFilter(_:options:)``); kept total.
            kind = .matrix(CairoCanvas.Filter.multiplying(by: color), linear: options.contains(.linearColor))
        case .alphaThreshold(let low, let high, let color):
            kind = .alphaThreshold(min: Float(low), max: Float(high), color: color.premultipliedVector)
        case .projection(let p):
            let d = ProjectionTransform(device)
            let toUser = ProjectionTransform(device.isUsableByCairo ? device.inverted() : .identity)
            kind = .projection(toUser.concatenating(p).concatenating(d))
        }
    }

    /// Whether the filter keeps transparent pixels far from any drawing transparent, so that its
    /// result lies within the drawing's extents grown by ``reach(scale:)``.
    var isBounded: Bool {
        switch kind {
        case .blur: return true
        case .shadow(_, _, _, _, _, let options): return !options.contains(.invertsAlpha)
        case .matrix(let m, _): return !ColorFilter.coloursTransparency(m)
        case .alphaThreshold(let low, _, let color): return low > 0 || color.w == 0
        case .projection: return false
        }
    }

    /// How far (device units) the filter moves or spreads a pixel, for a layer of `scale` pixels per
    /// device unit.
    func reach(scale: Double) -> Double {
        switch kind {
        case .blur(let sigma, _):
            return Double(GaussianBlur(sigma: sigma * scale).reach + 1) / scale
        case .shadow(_, let sigma, let dx, let dy, _, _):
            return Double(GaussianBlur(sigma: sigma * scale).reach + 2) / scale + max(abs(dx), abs(dy))
        case .matrix, .alphaThreshold, .projection:
            return 0
        }
    }
}
