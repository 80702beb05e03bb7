import CFlipbookKernels
import FlipbookCore

/// BT.709's luma weights. The matrix, the range and the tags the encoder writes must agree, or players
/// shift colours: FlipbookVideo's `VideoEncoder` tags every YUV stream BT.709 / limited range.
enum BT709 {
    static let kr = 0.2126
    static let kb = 0.0722
    static let kg = 1 - kr - kb
}

/// Fixed-point coefficients for one background colour.
///
/// Everything is scaled by 2¹⁶. Flattening a premultiplied pixel `p` with alpha `a` over an opaque
/// background `bg` gives `p + (255 − a)·bg/255`; because the colour matrix is linear, the
/// background's contribution to Y (or Cb, Cr) is `(255 − a) · M·bg/255`, which is precomputed here
/// as one constant per output. So flattening costs one multiply per sample and no rounding of the
/// flattened colour, which keeps every sample within ±0.5 of the exact formula before the final
/// rounding.
package struct YUVCoefficients: Sendable, Equatable {
    var yR: Int32, yG: Int32, yB: Int32, yBackground: Int32
    var cbR: Int32, cbG: Int32, cbB: Int32, cbBackground: Int32
    var crR: Int32, crG: Int32, crB: Int32, crBackground: Int32

    /// Coefficients for flattening over `background` (a translucent background is first composited
    /// over black).
    package init(background: Color) {
        let (kr, kg, kb) = (BT709.kr, BT709.kg, BT709.kb)
        let one = 65536.0
        let yScale = 219.0 / 255.0, cScale = 224.0 / 255.0
        // Rounded so that white gives exactly Y 235 and every grey exactly Cb = Cr = 128.
        yR = Int32((kr * yScale * one).rounded())
        yB = Int32((kb * yScale * one).rounded())
        yG = Int32((yScale * one).rounded()) - yR - yB
        cbR = Int32((-kr / (2 * (1 - kb)) * cScale * one).rounded())
        cbG = Int32((-kg / (2 * (1 - kb)) * cScale * one).rounded())
        cbB = -(cbR + cbG)
        crG = Int32((-kg / (2 * (1 - kr)) * cScale * one).rounded())
        crB = Int32((-kb / (2 * (1 - kr)) * cScale * one).rounded())
        crR = -(crG + crB)
        let alpha = background.opacity
        let r = background.red * alpha * 255, g = background.green * alpha * 255
        let b = background.blue * alpha * 255
        // Per unit of (255 − a): the background's share of one pixel, in 2¹⁶ fixed point.
        func share(_ cr: Int32, _ cg: Int32, _ cb: Int32) -> Int32 {
            Int32(((Double(cr) * r + Double(cg) * g + Double(cb) * b) / 255).rounded())
        }
        yBackground = share(yR, yG, yB)
        cbBackground = share(cbR, cbG, cbB)
        crBackground = share(crR, crG, crB)
    }
}

/// Coefficients narrowed for the 16-bit kernel (`flipbook_yuv_coefficients`, which the C kernels take
/// too). Chroma weights are stored as magnitudes because their signs are fixed by the matrix; the
/// background's chroma share can have either sign, so it is split into a positive and a negative part
/// (one of them zero).
typealias Kernel = flipbook_yuv_coefficients

extension flipbook_yuv_coefficients {
    init(_ k: YUVCoefficients) {
        func u(_ v: Int32) -> UInt16 { UInt16(clamping: abs(v)) }
        self.init(yR: u(k.yR), yG: u(k.yG), yB: u(k.yB), yBackground: u(k.yBackground),
                  cbR: u(k.cbR), cbG: u(k.cbG), cbB: u(k.cbB),
                  cbPlus: u(max(k.cbBackground, 0)), cbMinus: u(min(k.cbBackground, 0)),
                  crR: u(k.crR), crG: u(k.crG), crB: u(k.crB),
                  crPlus: u(max(k.crBackground, 0)), crMinus: u(min(k.crBackground, 0)))
    }
}
