import CCairo

/// How the canvas carries out one blend mode with Cairo.
enum Compositing: Equatable {
    /// A Cairo operator whose result is linear in the source's alpha: drawing with coverage `m` equals
    /// drawing a source premultiplied by `m`, so it is bounded by the shape by construction.
    case linear(cairo_operator_t)
    /// A Cairo operator that Cairo itself blends by coverage (`SOURCE`, `CLEAR`).
    case coverageBlended(cairo_operator_t)
    /// A Cairo operator that Cairo applies over the whole clip (`IN`, `OUT`, `DEST_IN`, `DEST_ATOP`);
    /// the canvas blends its result by coverage itself.
    case unbounded(cairo_operator_t)
    /// Computed by the canvas's own pixel code.
    case plusDarker

    init(_ mode: CairoCanvas.BlendMode) {
        switch mode.rawValue {
        case 1: self = .linear(CAIRO_OPERATOR_MULTIPLY)
        case 2: self = .linear(CAIRO_OPERATOR_SCREEN)
        case 3: self = .linear(CAIRO_OPERATOR_OVERLAY)
        case 4: self = .linear(CAIRO_OPERATOR_DARKEN)
        case 5: self = .linear(CAIRO_OPERATOR_LIGHTEN)
        case 6: self = .linear(CAIRO_OPERATOR_COLOR_DODGE)
        case 7: self = .linear(CAIRO_OPERATOR_COLOR_BURN)
        case 8: self = .linear(CAIRO_OPERATOR_SOFT_LIGHT)
        case 9: self = .linear(CAIRO_OPERATOR_HARD_LIGHT)
        case 10: self = .linear(CAIRO_OPERATOR_DIFFERENCE)
        case 11: self = .linear(CAIRO_OPERATOR_EXCLUSION)
        case 12: self = .linear(CAIRO_OPERATOR_HSL_HUE)
        case 13: self = .linear(CAIRO_OPERATOR_HSL_SATURATION)
        case 14: self = .linear(CAIRO_OPERATOR_HSL_COLOR)
        case 15: self = .linear(CAIRO_OPERATOR_HSL_LUMINOSITY)
        case 16: self = .coverageBlended(CAIRO_OPERATOR_CLEAR)
        case 17: self = .coverageBlended(CAIRO_OPERATOR_SOURCE)
        case 18: self = .unbounded(CAIRO_OPERATOR_IN)
        case 19: self = .unbounded(CAIRO_OPERATOR_OUT)
        case 20: self = .linear(CAIRO_OPERATOR_ATOP)
        case 21: self = .linear(CAIRO_OPERATOR_DEST_OVER)
        case 22: self = .unbounded(CAIRO_OPERATOR_DEST_IN)
        case 23: self = .linear(CAIRO_OPERATOR_DEST_OUT)
        case 24: self = .unbounded(CAIRO_OPERATOR_DEST_ATOP)
        case 25: self = .linear(CAIRO_OPERATOR_XOR)
        case 26: self = .plusDarker
        case 27: self = .linear(CAIRO_OPERATOR_ADD)
        default: self = .linear(CAIRO_OPERATOR_OVER)
        }
    }
}
