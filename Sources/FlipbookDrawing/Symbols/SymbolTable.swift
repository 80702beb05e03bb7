import Foundation

/// The symbols of one drawing by id, with each symbol's size and its rasters by scale, made when first
/// resolved.
final class SymbolTable {
    private let symbols: [AnyHashable: Symbol]
    private var sizes: [AnyHashable: CGSize] = [:]
    private var resolved: [Key: CairoCanvas.ResolvedSymbol] = [:]

    private struct Key: Hashable {
        let id: AnyHashable
        let pixelsPerPoint: Double
    }

    /// Scales are rounded up to a multiple of this many pixels per point, so a symbol drawn under
    /// slightly different transforms is rasterised once.
    static let scaleStep = 0.25

    /// Whether symbols are rasterised (a bitmap) or drawn as vectors each time (a PDF or SVG).
    private let rasterises: Bool

    init(_ symbols: [AnyHashable: Symbol], rasterises: Bool = true) {
        self.symbols = symbols
        self.rasterises = rasterises
    }

    /// The symbol `id` rasterised for drawing at `pixelsPerPoint`, in `environment`; `nil` when there
    /// is no such symbol. A symbol whose content cannot be drawn resolves with no raster (it draws
    /// nothing) and `report` gets the reason.
    func resolve(_ id: AnyHashable, pixelsPerPoint: Double, environment: EnvironmentValues,
                 report: (FlipbookError) -> Void) -> CairoCanvas.ResolvedSymbol? {
        guard let symbol = symbols[id] else { return nil }
        let size = self.size(of: symbol, id: id, pixelsPerPoint: pixelsPerPoint, environment: environment)
        guard rasterises else { return CairoCanvas.ResolvedSymbol(size: size, raster: nil, vector: symbol) }
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0, size.width > 0, size.height > 0 else {
            return CairoCanvas.ResolvedSymbol(size: size, raster: nil)
        }
        let step = Self.scaleStep
        let usable = Double(SymbolRaster.largestSide - 2 * SymbolRaster.padding)
        // At most the scale that fits the largest raster; at least one step.
        let fitting = usable / Double(max(size.width, size.height))
        let scale = max((min(pixelsPerPoint, fitting) / step).rounded(.up) * step, step)
        let key = Key(id: id, pixelsPerPoint: scale)
        if let known = resolved[key] { return known }
        let raster: SymbolRaster?
        do {
            raster = try Self.rasterise(symbol, size: size, scale: scale, environment: environment)
        } catch let error as FlipbookError {
            report(error)
            raster = nil
        } catch {
            report(FlipbookError(.internal, "resolve symbol: \(error)"))
            raster = nil
        }
        let result = CairoCanvas.ResolvedSymbol(size: size, raster: raster)
        resolved[key] = result
        return result
    }

    /// The symbol's size in points (a text's is measured once; an image from an asset catalog is
    /// looked up for the first drawing that resolves it).
    private func size(of symbol: Symbol, id: AnyHashable, pixelsPerPoint: Double, environment: EnvironmentValues) -> CGSize {
        if let known = sizes[id] { return known }
        let size: CGSize
        switch symbol.content {
        case .text(let text):
            size = CairoCanvas.ResolvedText(text, environment: EnvironmentValues()).measure(in: CGSize(width: CGFloat.infinity, height: .infinity))
        case .image(let image):
            size = image.resolved(pixelsPerPoint: CGFloat(pixelsPerPoint), environment: environment).pointSize
        case .shape(_, _, _, let frame):
            let finite = frame.width.isFinite && frame.height.isFinite
            size = finite ? CGSize(width: max(frame.width, 0), height: max(frame.height, 0)) : .zero
        }
        sizes[id] = size
        return size
    }

    /// Draws the symbol `size` points large at `scale` pixels per point inside the raster's padding.
    private static func rasterise(_ symbol: Symbol, size: CGSize, scale: Double,
                                  environment: EnvironmentValues) throws -> SymbolRaster {
        let pad = SymbolRaster.padding
        let contentWidth = Double(size.width) * scale, contentHeight = Double(size.height) * scale
        // Within largestSide by the choice of scale.
        var bitmap = try Bitmap(width: try Int(Double(contentWidth), rounded: .up, checking: "the symbol's width") + 2 * pad,
                                height: try Int(Double(contentHeight), rounded: .up, checking: "the symbol's height") + 2 * pad)
        bitmap.draw(scale: CGFloat(scale), environment: environment) { context, _ in
            context.translateBy(x: CGFloat(Double(pad) / scale), y: CGFloat(Double(pad) / scale))
            symbol.draw(in: &context, size: size)
        }
        if let issue = bitmap.drawingIssue { throw issue }
        return SymbolRaster(bitmap: bitmap, contentWidth: contentWidth, contentHeight: contentHeight)
    }
}
