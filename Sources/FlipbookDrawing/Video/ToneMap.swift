import Foundation

/// How HDR video (PQ or HLG, BT.2020) is brought down to SDR (BT.709) when a layer asks for it; FFmpeg's
/// `tonemap` filter's names for its curves.
///
/// Without one, an HDR source is refused. With one, each frame goes through the steps of FFmpeg's usual
/// chain (`zscale=t=linear:npl=100, zscale=p=bt709, tonemap=<curve>:desat=0, zscale=t=bt709`):
/// 1. the code values are made linear, 1 being 100 cd/m² (PQ's EOTF; HLG's inverse OETF and its OOTF
///    for a 1000 cd/m² display);
/// 2. the BT.2020 primaries become BT.709's (ITU-R BT.2087), negative components clipped to 0;
/// 3. the brightest component `m` of each pixel is mapped to `curve(m) / curve(peak)` and the other two
///    scaled with it, keeping the hue; `peak` is the stream's stated maximum content light level
///    (PQ; else 10,000 cd/m²) or 1000 cd/m² (HLG), over 100;
/// 4. the result, clipped to 1, is encoded with BT.709's transfer function.
public enum ToneMap: String, Sendable, CaseIterable {
    /// John Hable's filmic curve (Uncharted 2): keeps contrast in the mid-tones, rolls the highlights off.
    case hable
    /// Reinhard's curve `x / (x + 0.5)`, scaled so that `peak` maps to 1: simpler, brighter mid-tones.
    case reinhard

    /// The curve, before dividing by its value at the peak.
    func curve(_ x: Double) -> Double {
        switch self {
        case .hable:
            let a = 0.15, b = 0.50, c = 0.10, d = 0.20, e = 0.02, f = 0.30
            return (x * (x * a + c * b) + d * e) / (x * (x * a + b) + d * f) - e / f
        case .reinhard:
            return x / (x + Self.reinhardContrast)
        }
    }

    /// Reinhard's parameter, FFmpeg's default.
    static let reinhardContrast = 0.5

    /// The factor the brightest component `m` (linear, 1 = 100 cd/m²) and its pixel are scaled by.
    func scale(_ m: Double, peak: Double) -> Double {
        guard m > 1e-6 else { return 1 }
        return curve(m) / curve(peak) / m
    }
}

/// The two HDR transfer functions of video, and how each becomes linear light.
enum HDRTransfer: Sendable, Equatable {
    /// SMPTE ST 2084 (PQ): absolute, up to 10,000 cd/m².
    case pq
    /// ARIB STD-B67 (HLG): relative, shown here on a 1000 cd/m² display.
    case hlg

    /// The light SDR's white has, in cd/m² (FFmpeg's `REFERENCE_WHITE`, zscale's `npl=100`).
    static let referenceWhite = 100.0
    /// The HLG display's peak in cd/m² (BT.2100's nominal one).
    static let hlgDisplayPeak = 1000.0

    var name: String { self == .pq ? "PQ" : "HLG" }

    /// PQ's EOTF: code value `e` in 0...1 to cd/m²; HLG's inverse OETF: to scene light in 0...1.
    func linear(_ e: Double) -> Double {
        switch self {
        case .pq:
            let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
            let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
            let p = pow(max(e, 0), 1 / m2)
            return 10_000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
        case .hlg:
            let a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a)
            return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
        }
    }

    /// The peak in units of the reference white, from the stream's maximum content light level if it states one.
    func peak(maxContentLight: Double?) -> Double {
        switch self {
        case .pq: (maxContentLight.flatMap { $0 > 0 ? min($0, 10_000) : nil } ?? 10_000) / Self.referenceWhite
        case .hlg: Self.hlgDisplayPeak / Self.referenceWhite
        }
    }
}

/// Maps 16-bit R′G′B′ pixels of an HDR frame to 8-bit BT.709 ones with a ``ToneMap`` (the steps its
/// documentation lists). Built once per source: its tables are 64 K entries.
struct ToneMapper: Sendable {
    let curve: ToneMap
    let transfer: HDRTransfer
    let peak: Double
    /// Code value (16 bits) to linear light (PQ: over the reference white; HLG: scene light).
    private let linear: [Double]
    /// Linear light in 0...1, quantised to 16 bits, to the BT.709 code value in 8 bits.
    private let encoded: [UInt8]

    init(curve: ToneMap, transfer: HDRTransfer, maxContentLight: Double?) {
        self.curve = curve
        self.transfer = transfer
        peak = transfer.peak(maxContentLight: maxContentLight)
        let scale = transfer == .pq ? 1 / HDRTransfer.referenceWhite : 1
        linear = (0...65535).map { transfer.linear(Double($0) / 65535) * scale }
        encoded = (0...65535).map { UInt8((Self.bt709(Double($0) / 65535) * 255).rounded()) }
    }

    /// BT.709's OETF.
    static func bt709(_ l: Double) -> Double {
        l < 0.018 ? 4.5 * l : 1.099 * pow(l, 0.45) - 0.099
    }

    /// BT.2020 linear RGB to BT.709 linear RGB (ITU-R BT.2087, Table 2).
    static let bt2020To709: [[Double]] = [[1.6605, -0.5876, -0.0728], [-0.1246, 1.1329, -0.0083], [-0.0182, -0.1006, 1.1187]]

    /// The SDR pixel (r, g, b in 0...1, BT.709-encoded) of the 16-bit R′G′B′ code values.
    func map(_ r16: UInt16, _ g16: UInt16, _ b16: UInt16) -> (Double, Double, Double) {
        var rgb = (linear[Int(r16)], linear[Int(g16)], linear[Int(b16)])
        if transfer == .hlg {
            // The OOTF: display light = peak × Ys^(γ−1) × scene light, γ = 1.2 at 1000 cd/m².
            let ys = 0.2627 * rgb.0 + 0.6780 * rgb.1 + 0.0593 * rgb.2
            let gain = HDRTransfer.hlgDisplayPeak / HDRTransfer.referenceWhite * pow(max(ys, 0), 0.2)
            rgb = (rgb.0 * gain, rgb.1 * gain, rgb.2 * gain)
        }
        let m = Self.bt2020To709
        var r = max(0, m[0][0] * rgb.0 + m[0][1] * rgb.1 + m[0][2] * rgb.2)
        var g = max(0, m[1][0] * rgb.0 + m[1][1] * rgb.1 + m[1][2] * rgb.2)
        var b = max(0, m[2][0] * rgb.0 + m[2][1] * rgb.1 + m[2][2] * rgb.2)
        let s = curve.scale(max(r, g, b), peak: peak)
        r = min(1, r * s)
        g = min(1, g * s)
        b = min(1, b * s)
        return (r, g, b)
    }

    /// Writes `width` BGRA pixels at `bgra` from as many RGBA64 (little-endian) pixels at `rgba64`,
    /// keeping alpha straight (the caller premultiplies).
    func mapRow(_ rgba64: UnsafePointer<UInt16>, to bgra: UnsafeMutablePointer<UInt8>, width: Int) {
        for x in 0..<width {
            let r16 = UInt16(littleEndian: rgba64[4 * x]), g16 = UInt16(littleEndian: rgba64[4 * x + 1])
            let b16 = UInt16(littleEndian: rgba64[4 * x + 2]), a16 = UInt16(littleEndian: rgba64[4 * x + 3])
            let (r, g, b) = map(r16, g16, b16)
            bgra[4 * x] = encoded[Int((b * 65535).rounded())]
            bgra[4 * x + 1] = encoded[Int((g * 65535).rounded())]
            bgra[4 * x + 2] = encoded[Int((r * 65535).rounded())]
            bgra[4 * x + 3] = UInt8((Double(a16) / 257).rounded())
        }
    }
}
