import Foundation

extension CairoCanvas {
    /// Adds a filter that applies to every later drawing operation of this context and of copies made
    /// from it afterwards, as SwiftUI's `GraphicsContext.addFilter(_:options:)`.
    ///
    /// Each drawing operation (a fill, a stroke, an image, a whole ``drawLayer(content:)``) is drawn
    /// into a transparent layer without the context's opacity, blend mode or clip; the filters are
    /// applied to that layer, the most recently added first; and the result is composited with the
    /// context's opacity, blend mode and clip. Draw several shapes inside one `drawLayer` to filter
    /// them as one group. Lengths and offsets of the filter are in this context's current user space.
    ///
    /// In PDF and SVG output a filtered operation is rasterized at the page's raster scale (see
    /// ``Bitmap/writeVector(to:format:size:rasterScale:_:)``); everything else stays vector. A filter with a non-finite number is skipped and reported as the
    /// drawing issue.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        guard session.isOpen else { return }
        if let problem = filter.problem() {
            session.record("addFilter", problem)
            return
        }
        let m = deviceTransform
        guard m.isFinite else {
            session.record("addFilter", "the transform has a non-finite entry (\(transform))")
            return
        }
        filters.append(DeviceFilter(filter.resolved(in: session.environment), options: options, device: m))
    }
}
