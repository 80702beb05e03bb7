import Foundation

extension Color {
    /// The RGB colour spaces a colour can be given in, as SwiftUI's `Color.RGBColorSpace`. Colours are
    /// kept and drawn in sRGB, so components in another space are converted when the colour is made.
    public enum RGBColorSpace: Hashable, Sendable {
        /// sRGB, gamma-encoded: the components are kept as they are.
        case sRGB
        /// sRGB with linear components: gamma-encoded with the sRGB transfer function.
        case sRGBLinear
        /// Display P3 (P3 primaries, D65 white, the sRGB transfer function), converted to sRGB. P3 is
        /// wider than sRGB: a colour outside sRGB is clipped per component to `0...1` (P3's pure red
        /// becomes sRGB's pure red), so saturated P3 colours draw as the nearest sRGB edge.
        case displayP3

        /// Linear Display P3 to linear sRGB (both D65), the matrix CSS Color 4 derives from the
        /// primaries; rows give linear sRGB red, green, blue.
        static let p3ToSRGB: [[Double]] = [
            [1.2249401762805598, -0.22494017628055996, 0],
            [-0.042056954709688163, 1.0420569547096881, 0],
            [-0.019637554590334432, -0.078636045550631889, 1.0982736001409663],
        ]

        /// sRGB components (gamma-encoded, clipped to `0...1`) from components in this space.
        func sRGB(red: Double, green: Double, blue: Double) -> (red: Double, green: Double, blue: Double) {
            switch self {
            case .sRGB:
                return (red, green, blue)
            case .sRGBLinear:
                return (Self.sRGB(fromLinear: red), Self.sRGB(fromLinear: green), Self.sRGB(fromLinear: blue))
            case .displayP3:
                let linear = [red, green, blue].map(Self.linear(fromSRGB:))
                let m = Self.p3ToSRGB
                func row(_ i: Int) -> Double {
                    Self.sRGB(fromLinear: m[i][0] * linear[0] + m[i][1] * linear[1] + m[i][2] * linear[2])
                }
                return (row(0), row(1), row(2))
            }
        }

        /// The sRGB transfer function's inverse (IEC 61966-2-1), odd-symmetric around 0.
        package static func linear(fromSRGB v: Double) -> Double {
            let a = abs(v)
            let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
            return v < 0 ? -l : l
        }

        /// The sRGB transfer function (IEC 61966-2-1), odd-symmetric around 0.
        package static func sRGB(fromLinear v: Double) -> Double {
            let a = abs(v)
            let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
            return v < 0 ? -e : e
        }
    }

    /// A colour from components in `colorSpace`, converted to sRGB and clipped to `0...1` (see
    /// ``RGBColorSpace``); NaN components become 0.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func finite(_ v: Double) -> Double { v.isNaN ? 0 : v }
        let c = colorSpace.sRGB(red: finite(red), green: finite(green), blue: finite(blue))
        self.init(red: c.red, green: c.green, blue: c.blue, opacity: opacity)
    }

    /// A grey in `colorSpace` with the given white level.
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }
}
