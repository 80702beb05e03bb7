import Foundation
import Testing
@testable import FlipbookCore

@Suite("Color")
struct ColorTests {
    /// SwiftUI's standard colours in the light appearance (the iOS system colours).
    static let swiftUIValues: [(String, Color, String)] = [
        ("black", .black, "#000000"), ("white", .white, "#ffffff"), ("gray", .gray, "#8e8e93"),
        ("red", .red, "#ff3b30"), ("orange", .orange, "#ff9500"), ("yellow", .yellow, "#ffcc00"),
        ("green", .green, "#34c759"), ("mint", .mint, "#00c7be"), ("teal", .teal, "#30b0c7"),
        ("cyan", .cyan, "#32ade6"), ("blue", .blue, "#007aff"), ("indigo", .indigo, "#5856d6"),
        ("purple", .purple, "#af52de"), ("pink", .pink, "#ff2d55"), ("brown", .brown, "#a2845e"),
    ]

    @Test(arguments: ColorTests.swiftUIValues.map { $0.0 })
    func namedColourHasSwiftUIValue(name: String) throws {
        let entry = try #require(ColorTests.swiftUIValues.first { $0.0 == name })
        #expect(entry.1.hexString == entry.2)
        #expect(entry.1.opacity == 1)
        #expect(Color(named: name) == entry.1)
        #expect(Color(hex: entry.2) == entry.1)
    }

    @Test func clearIsTransparentBlack() {
        #expect(Color.clear.opacity == 0)
        #expect(Color.clear.red == 0 && Color.clear.green == 0 && Color.clear.blue == 0)
        #expect(Color.clear.hexString == "#00000000")
    }

    @Test func hexForms() throws {
        let short = try #require(Color(hex: "#f80"))
        #expect(short == Color(red: 1, green: 136 / 255, blue: 0))
        let long = try #require(Color(hex: "#12ab9F"))
        #expect(long.red == 0x12 / 255.0 && long.green == 0xAB / 255.0 && long.blue == 0x9F / 255.0)
        #expect(long.opacity == 1)
        let withAlpha = try #require(Color(hex: "#ff000080"))
        #expect(withAlpha.red == 1 && withAlpha.green == 0 && withAlpha.blue == 0)
        #expect(withAlpha.opacity == 128 / 255.0)
        #expect(Color(hex: "00ff00") == Color(red: 0, green: 1, blue: 0))
        #expect(Color(hex: "  #00f ") == Color(red: 0, green: 0, blue: 1))
    }

    @Test(arguments: ["", "#", "#ab", "#abcd", "#abcde", "#abcdefa", "#abcdef012", "#ggg", "#12345g", "red", "0xffffff", "#+12"])
    func malformedHexIsRejected(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test func hexStringRoundTrips() throws {
        for text in ["#000000", "#ffffff", "#0a141e", "#c0ffee80"] {
            #expect(try #require(Color(hex: text)).hexString == text)
        }
    }

    @Test func hsbConversion() {
        #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
        #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1).hexString == "#00ff00")
        #expect(Color(hue: 2.0 / 3, saturation: 1, brightness: 1).hexString == "#0000ff")
        #expect(Color(hue: 1.0 / 6, saturation: 1, brightness: 1).hexString == "#ffff00")
        #expect(Color(hue: 1, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
        #expect(Color(hue: 0.3, saturation: 0, brightness: 0.4) == Color(white: 0.4))
        let teal = Color(hue: 0.5, saturation: 0.5, brightness: 0.5)
        #expect(abs(teal.red - 0.25) < 1e-12 && abs(teal.green - 0.5) < 1e-12 && abs(teal.blue - 0.5) < 1e-12)
        #expect(Color(hue: 0, saturation: 1, brightness: 1, opacity: 0.3).opacity == 0.3)
    }

    @Test func opacityMultiplies() {
        let half = Color.red.opacity(0.5)
        #expect(half.opacity == 0.5)
        #expect(half.opacity(0.5).opacity == 0.25)
        #expect(half.red == Color.red.red && half.green == Color.red.green)
        #expect(Color.blue.opacity(2).opacity == 1)
        #expect(Color.blue.opacity(-1).opacity == 0)
    }

    @Test func componentsAreClamped() {
        let c = Color(red: 2, green: -1, blue: .nan, opacity: 1.5)
        #expect(c.red == 1 && c.green == 0 && c.blue == 0 && c.opacity == 1)
        #expect(Color(white: 0.5, opacity: 0.25) == Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.25))
    }
}
