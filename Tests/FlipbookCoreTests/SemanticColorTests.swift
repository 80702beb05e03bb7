import Foundation
import Testing
@testable import FlipbookCore

@Suite("Semantic colours and colour spaces")
struct SemanticColorTests {
    static let light = EnvironmentValues()
    static let dark = EnvironmentValues(colorScheme: .dark)

    private func components(_ c: Color) -> [Double] { [c.red, c.green, c.blue, c.opacity] }

    private func expectClose(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-9,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(a) is not \(b)", sourceLocation: sourceLocation)
    }

    @Test func primaryIsBlackInLightAndWhiteInDark() {
        #expect(components(Color.primary.resolved(in: Self.light)) == [0, 0, 0, 1])
        #expect(components(Color.primary.resolved(in: Self.dark)) == [1, 1, 1, 1])
        // Its own components are the light appearance's.
        #expect(components(.primary) == [0, 0, 0, 1])
    }

    @Test func secondaryIsTheSecondaryLabelGreyAtSixtyPercent() {
        expectClose(components(Color.secondary.resolved(in: Self.light)), [60 / 255, 60 / 255, 67 / 255, 0.6])
        expectClose(components(Color.secondary.resolved(in: Self.dark)), [235 / 255, 235 / 255, 245 / 255, 0.6])
    }

    @Test func accentColorIsSystemBlue() {
        #expect(Color.accentColor.resolved(in: Self.light).hexString == "#007aff")
        #expect(Color.accentColor.resolved(in: Self.dark).hexString == "#0a84ff")
    }

    @Test func fixedColoursAreTheSameInEveryScheme() {
        #expect(Color.red.resolved(in: Self.dark) == .red)
        #expect(Color.red.isFixed && !Color.primary.isFixed)
    }

    /// A mix is resolved end by end: primary halfway to orange is dark orange in light, light orange in
    /// dark, and fading the mix fades it.
    @Test func aMixOfAdaptiveColoursAdaptsAsItsEnds() {
        let orange = Color(red: 1, green: 0.5, blue: 0)
        let mixed = Color.mix(.primary, orange, fraction: 0.5)
        expectClose(components(mixed.resolved(in: Self.light)), [0.5, 0.25, 0, 1])
        expectClose(components(mixed.resolved(in: Self.dark)), [1, 0.75, 0.5, 1])
        expectClose(components(mixed.opacity(0.5).resolved(in: Self.dark)), [1, 0.75, 0.5, 0.5])
        // Two fixed colours mix to a fixed colour.
        #expect(Color.mix(.black, orange, fraction: 0.5).isFixed)
    }

    @Test func opacityKeepsAColourAdaptive() {
        let faded = Color.primary.opacity(0.5)
        #expect(components(faded.resolved(in: Self.light)) == [0, 0, 0, 0.5])
        #expect(components(faded.resolved(in: Self.dark)) == [1, 1, 1, 0.5])
        #expect(faded != Color.black.opacity(0.5))
    }

    @Test func settingAComponentMakesTheColourFixed() {
        var c = Color.primary
        c.red = 1
        #expect(c.isFixed)
        #expect(components(c.resolved(in: Self.dark)) == [1, 0, 0, 1])
    }

    @Test func resolveGivesSwiftUIsResolvedComponents() {
        let r = Color.secondary.resolve(in: Self.dark)
        #expect(r.red == Float(235.0 / 255) && r.blue == Float(245.0 / 255) && r.opacity == 0.6)
        // Back to a fixed Color, to Float precision.
        #expect(Color(r).isFixed && Color(r).hexString == "#ebebf599")
        #expect(abs(Color.Resolved(red: 0.5, green: 0.5, blue: 0.5).linearRed - 0.21404114) < 1e-6)
    }

    @Test func displayP3IsConvertedToSRGB() {
        // sRGB's red is P3 (0.9175, 0.2003, 0.1386) (CSS Color 4's conversion).
        expectClose(components(Color(.displayP3, red: 0.9175, green: 0.2003, blue: 0.1386)), [1, 0, 0, 1], 2e-4)
        // In gamut: P3 (0.8, 0.6, 0.4) is sRGB (0.83675, 0.58961, 0.36400), rgb(213.4, 150.4, 92.8).
        expectClose(components(Color(.displayP3, red: 0.8, green: 0.6, blue: 0.4)), [0.83675, 0.58961, 0.36400, 1], 1e-5)
        // Greys are the same in both spaces.
        expectClose(components(Color(.displayP3, red: 0.5, green: 0.5, blue: 0.5)), [0.5, 0.5, 0.5, 1], 1e-9)
    }

    @Test func outOfGamutDisplayP3IsClipped() {
        // P3's pure red is linear sRGB (1.2249, -0.0421, -0.0196): clipped per component to sRGB's red.
        #expect(components(Color(.displayP3, red: 1, green: 0, blue: 0)) == [1, 0, 0, 1])
        #expect(components(Color(.displayP3, red: 0, green: 1, blue: 0)) == [0, 1, 0, 1])
    }

    @Test func linearSRGBIsGammaEncoded() {
        expectClose(components(Color(.sRGBLinear, red: 0.5, green: 0, blue: 1, opacity: 0.25)),
                    [0.7353569830524495, 0, 1, 0.25], 1e-12)
        #expect(components(Color(.sRGB, white: 0.25)) == [0.25, 0.25, 0.25, 1])
        #expect(components(Color(.sRGB, red: .nan, green: 2, blue: -1)) == [0, 1, 0, 1])
    }
}
