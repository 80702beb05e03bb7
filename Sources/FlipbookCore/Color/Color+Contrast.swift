import Foundation

extension Color {
    /// The contrast WCAG 2 asks of normal text against its background (success criterion 1.4.3, AA).
    public static let readableContrast = 4.5

    /// The colour's relative luminance as WCAG 2 defines it: 0 for black, 1 for white, from the
    /// linearised sRGB components (opacity ignored).
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio between this colour and `other`, from 1 (the same luminance) to 21
    /// (black on white): (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
    public func contrastRatio(with other: Color) -> Double {
        Color.contrastRatio(relativeLuminance, other.relativeLuminance)
    }

    /// The contrast ratio between two relative luminances.
    public static func contrastRatio(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colour nearest this one in lightness, of the same hue and saturation, whose contrast with
    /// `background` is at least `ratio`: darkened when a dark colour can reach it, else lightened;
    /// `nil` when neither black nor white reaches it. The colour itself when it already does.
    public func reachingContrast(_ ratio: Double, against background: Color) -> Color? {
        if contrastRatio(with: background) >= ratio { return self }
        let (hue, saturation, lightness) = hueSaturationLightness
        let backgroundLuminance = background.relativeLuminance
        // Lightness moves luminance one way, so the nearest lightness reaching the ratio is found by
        // halving the interval between this colour's and the extreme (black or white) that reaches it.
        func colour(_ l: Double) -> Color {
            Color(hue: hue, saturation: saturation, lightness: l, opacity: opacity)
        }
        func reaches(_ l: Double) -> Bool {
            Color.contrastRatio(colour(l).relativeLuminance, backgroundLuminance) >= ratio
        }
        let darkerReaches = reaches(0), lighterReaches = reaches(1)
        guard darkerReaches || lighterReaches else { return nil }
        // Prefer the direction away from the background's luminance.
        let darker = darkerReaches && (backgroundLuminance >= relativeLuminance || !lighterReaches)
        var near = lightness, far = darker ? 0.0 : 1.0
        for _ in 0..<24 {
            let middle = (near + far) / 2
            if reaches(middle) { far = middle } else { near = middle }
        }
        // The hex form rounds each channel; step on until the rounded colour still reaches the ratio.
        var candidate = colour(far)
        var l = far
        while let rounded = Color(hex: candidate.hexString), rounded.contrastRatio(with: background) < ratio,
              darker ? l > 0 : l < 1 {
            l = darker ? max(0, l - 0.002) : min(1, l + 0.002)
            candidate = colour(l)
        }
        return Color(hex: candidate.hexString) ?? candidate
    }

    /// Hue (0..<1), saturation and lightness (HSL), each in `0...1`.
    var hueSaturationLightness: (Double, Double, Double) {
        let high = max(red, green, blue), low = min(red, green, blue)
        let lightness = (high + low) / 2
        guard high > low else { return (0, 0, lightness) }
        let delta = high - low
        let saturation = delta / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == red {
            hue = (green - blue) / delta
        } else if high == green {
            hue = (blue - red) / delta + 2
        } else {
            hue = (red - green) / delta + 4
        }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, min(saturation, 1), lightness)
    }

    /// A colour from hue (0..<1), saturation and lightness (HSL).
    init(hue: Double, saturation: Double, lightness: Double, opacity: Double) {
        let l = Color.unit(lightness), s = Color.unit(saturation)
        let brightness = l + s * min(l, 1 - l)
        let hsbSaturation = brightness == 0 ? 0 : 2 * (1 - l / brightness)
        self.init(hue: hue, saturation: hsbSaturation, brightness: brightness, opacity: opacity)
    }
}
