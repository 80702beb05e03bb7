import CCairo
import FlipbookRaster
import Foundation

/// One picture produced by filtering a layer, and the blend mode it is composited with (`nil`: the
/// context's). A shadow with ``CairoCanvas/ShadowOptions/disablesGroup`` makes two.
struct FilteredLayer {
    var image: FilterImage
    var blendMode: CairoCanvas.BlendMode?
}

/// A context's filter stack applied to one layer.
///
/// The most recently added filter acts first, as a modifier written closer to the content does in
/// SwiftUI: `addFilter(.alphaThreshold(min: 0.5))` then `addFilter(.blur(radius: 10))` blurs and then
/// thresholds, the well-known "metaballs" recipe.
///
/// Blurs applied one after another are one blur: Gaussians of σ₁ and σ₂ in a row are the Gaussian of
/// √(σ₁² + σ₂²). A closure that adds a blur before each of n dots in one layer draws the last dot
/// under n blurs; applied one by one they would cost n blurs, and each blur's reach would add up to
/// n times one blur's, where the picture spreads only √n times as far.
struct FilterPipeline {
    /// The filters in the order they act (the most recently added first), consecutive blurs merged.
    let stages: [DeviceFilter]
    /// Layer pixels per device unit.
    let scale: Double
    /// The device position of the layer's top-left pixel corner.
    let origin: CGPoint

    /// The context's filter stack `filters` (in the order added) on a layer of `scale` pixels per
    /// device unit whose top-left pixel corner is at `origin`.
    init(filters: [DeviceFilter], scale: Double, origin: CGPoint) {
        stages = Self.merged(filters.reversed())
        self.scale = scale
        self.origin = origin
    }

    /// `filters` (in the order they act) with each run of blurs made one blur. A blur whose options
    /// change its result (opaque, dithered) ends a run: what follows acts on that result.
    static func merged(_ filters: some Sequence<DeviceFilter>) -> [DeviceFilter] {
        var stages: [DeviceFilter] = []
        for filter in filters {
            if case .blur(let second, let options) = filter.kind, let last = stages.last,
               case .blur(let first, let firstOptions) = last.kind, firstOptions.isEmpty {
                let sigma = min((first * first + second * second).squareRoot(), DeviceFilter.largestLength)
                stages[stages.count - 1] = DeviceFilter(kind: .blur(sigma: sigma, options: options))
            } else {
                stages.append(filter)
            }
        }
        return stages
    }

    /// Whether the result lies within the drawing's extents grown by ``reach``.
    var isBounded: Bool { stages.allSatisfy(\.isBounded) }

    /// How far (device units) the whole stack can move or spread a pixel.
    var reach: Double { stages.reduce(0) { $0 + $1.reach(scale: scale) } }

    func apply(to image: FilterImage) -> [FilteredLayer] {
        var layers = [FilteredLayer(image: image, blendMode: nil)]
        for filter in stages {
            layers = layers.flatMap { apply(filter, to: $0) }
        }
        return layers
    }

    private func apply(_ filter: DeviceFilter, to layer: FilteredLayer) -> [FilteredLayer] {
        var image = layer.image
        switch filter.kind {
        case .blur(let sigma, let options):
            GaussianBlur(sigma: sigma * scale).apply(to: &image)
            if options.contains(.opaque) { Self.makeOpaque(&image) }
            if options.contains(.dithersResult) { Self.dither(&image) }
        case .matrix(let m, let linear):
            ColorFilter.apply(m, linear: linear, to: &image)
        case .alphaThreshold(let low, let high, let color):
            ColorFilter.alphaThreshold(min: low, max: high, color: color, image: &image)
        case .projection(let device):
            // Image pixels ↔ device: q_device = q_image / scale + origin.
            var toDevice = ProjectionTransform(CGAffineTransform(a: 1 / scale, b: 0, c: 0, d: 1 / scale,
                                                                  tx: origin.x, ty: origin.y))
            let toImage = toDevice.inverted()
            toDevice = toDevice.concatenating(device)
            let inverse = toImage.map { toDevice.concatenating($0) }?.inverted()
            ProjectionWarp.apply(inverse: inverse.map { transform in { transform.apply($0) } }, to: &image)
        case .shadow(let color, let sigma, let dx, let dy, let blendMode, let options):
            return ShadowFilter(color: color, sigma: sigma * scale, dx: dx * scale, dy: dy * scale,
                                blendMode: blendMode, options: options).apply(to: layer)
        }
        return [FilteredLayer(image: image, blendMode: layer.blendMode)]
    }

    /// Divides the colours by their alpha, making every pixel the blur reached opaque (an alpha under
    /// half an 8-bit step counts as not reached: it would round to transparent anyway).
    private static func makeOpaque(_ image: inout FilterImage) {
        for i in image.pixels.indices {
            let p = image.pixels[i]
            image.pixels[i] = p.w >= 0.5 / 255
                ? SIMD4(min(p.x / p.w, 1), min(p.y / p.w, 1), min(p.z / p.w, 1), 1) : .zero
        }
    }

    /// Adds a 4×4 ordered (Bayer) dither of under half an 8-bit step, fixed per pixel position so the
    /// output stays reproducible.
    private static func dither(_ image: inout FilterImage) {
        let bayer: [Float] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let offset = (bayer[(y & 3) * 4 + (x & 3)] + 0.5) / 16 - 0.5
                let i = y * image.width + x
                image.pixels[i] = (image.pixels[i] + SIMD4(repeating: offset / 255))
                    .clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
            }
        }
    }
}
