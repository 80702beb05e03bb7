import Foundation
import Testing
@testable import FlipbookCore

@Suite("SVG path data")
struct SVGPathTests {
    static let heart = "M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"
    /// Material Design's "star" icon.
    static let star = "M12 17.27L18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z"
    /// Material Design's "check" icon.
    static let check = "M9 16.17L4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z"

    /// Paths equal within rounding (relative and absolute data add numbers in different orders).
    private func same(_ a: Path, _ b: Path) -> Bool {
        let x = elements(a), y = elements(b)
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) {
            let pp = p.points, qq = q.points
            guard pp.count == qq.count else { return false }
            switch (p, q) {
            case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.closeSubpath, .closeSubpath): break
            default: return false
            }
            if !zip(pp, qq).allSatisfy({ near($0, $1, 1e-9) }) { return false }
        }
        return true
    }

    @Test func heartIcon() throws {
        let path = try #require(Path(svgPath: SVGPathTests.heart))
        let list = elements(path)
        // M, l, C, S(implicit C), c, C, S(implicit C), c, L, z
        #expect(list.count == 10)
        #expect(list[0] == .move(to: CGPoint(x: 12, y: 21.35)))
        #expect(list.last == .closeSubpath)
        guard case .line(let p) = list[1] else { Issue.record("expected a line"); return }
        #expect(near(p, CGPoint(x: 10.55, y: 20.03)))
        // The implicit second curve after C continues as an absolute cubic.
        #expect(list[3] == .curve(to: CGPoint(x: 7.5, y: 3), control1: CGPoint(x: 2, y: 5.42), control2: CGPoint(x: 4.42, y: 3)))
        #expect(near(path.boundingRect, CGRect(x: 2, y: 3, width: 20, height: 18.35), 0.05))
        #expect(path.boundingRect.minX >= 2 - 1e-9 && path.boundingRect.maxX <= 22 + 1e-9)
        #expect(path.contains(CGPoint(x: 12, y: 12)))
        #expect(!path.contains(CGPoint(x: 12, y: 3.5)))  // the notch between the lobes
    }

    @Test func starAndCheckIcons() throws {
        let star = try #require(Path(svgPath: SVGPathTests.star))
        // M, L, l, L, l, L with two implicit repeats, l, L, z
        #expect(elements(star).count == 11)
        #expect(near(star.boundingRect, CGRect(x: 2, y: 2, width: 20, height: 19)))
        #expect(star.contains(CGPoint(x: 12, y: 12)))
        #expect(!star.contains(CGPoint(x: 3, y: 18)))

        let check = try #require(Path(svgPath: SVGPathTests.check))
        #expect(elements(check).count == 7)
        #expect(near(check.boundingRect, CGRect(x: 3.41, y: 5.59, width: 17.59, height: 13.41)))
        #expect(check.contains(CGPoint(x: 9, y: 17.5)))
        #expect(!check.contains(CGPoint(x: 9, y: 12)))
    }

    @Test func relativeAndAbsoluteGiveTheSamePath() throws {
        let absolute = try Path(svgPathData: "M10 10 L20 10 H30 V20 C30 30 20 30 20 20 Q15 15 10 20 Z")
        let relative = try Path(svgPathData: "m10 10 l10 0 h10 v10 c0 10 -10 10 -10 0 q-5 -5 -10 0 z")
        #expect(same(absolute, relative))
        #expect(elements(absolute).count == 7)
    }

    @Test func implicitRepeatsAndLinetoAfterMoveto() throws {
        let repeated = try Path(svgPathData: "M0 0 10 0 10 10 L 20 20 30 30")
        #expect(elements(repeated) == [
            .move(to: .zero), .line(to: CGPoint(x: 10, y: 0)), .line(to: CGPoint(x: 10, y: 10)),
            .line(to: CGPoint(x: 20, y: 20)), .line(to: CGPoint(x: 30, y: 30)),
        ])
        // After a relative moveto the implicit linetos are relative too.
        let relative = try Path(svgPathData: "m5 5 1 0 0 1h-1v-1")
        #expect(elements(relative) == [
            .move(to: CGPoint(x: 5, y: 5)), .line(to: CGPoint(x: 6, y: 5)), .line(to: CGPoint(x: 6, y: 6)),
            .line(to: CGPoint(x: 5, y: 6)), .line(to: CGPoint(x: 5, y: 5)),
        ])
        let hv = try Path(svgPathData: "M0,0H1 2 3V4,5")
        #expect(hv.currentPoint == CGPoint(x: 3, y: 5))
        #expect(elements(hv).count == 6)
    }

    @Test func compactNumbers() throws {
        let path = try Path(svgPathData: "M1.5.5L-1-2l1e1,2E-1 .5-.5+3+4")
        let list = elements(path)
        #expect(list.count == 5)
        #expect(list[0] == .move(to: CGPoint(x: 1.5, y: 0.5)))
        #expect(list[1] == .line(to: CGPoint(x: -1, y: -2)))
        guard case .line(let third) = list[2], case .line(let fourth) = list[3] else {
            Issue.record("expected lines")
            return
        }
        #expect(near(third, CGPoint(x: 9, y: -1.8), 1e-12))
        #expect(near(fourth, CGPoint(x: 9.5, y: -2.3), 1e-12))
        #expect(near(path.currentPoint!, CGPoint(x: 12.5, y: 1.7), 1e-12))
        #expect(try Path(svgPathData: "M 1e-3 0").currentPoint == CGPoint(x: 0.001, y: 0))
    }

    @Test func smoothCurvesReflectOnlyAfterTheirOwnKind() throws {
        let afterCubic = try Path(svgPathData: "M0 0 C0 10 10 10 10 0 S20 -10 20 0")
        #expect(elements(afterCubic)[2] == .curve(to: CGPoint(x: 20, y: 0), control1: CGPoint(x: 10, y: -10), control2: CGPoint(x: 20, y: -10)))
        // After a line, S's first control point is the current point.
        let afterLine = try Path(svgPathData: "M0 0 L10 0 S20 -10 20 0")
        #expect(elements(afterLine)[2] == .curve(to: CGPoint(x: 20, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: 20, y: -10)))
        // After a quadratic, S does not reflect the quadratic's control.
        let afterQuad = try Path(svgPathData: "M0 0 Q5 10 10 0 S20 -10 20 0")
        #expect(elements(afterQuad)[2] == .curve(to: CGPoint(x: 20, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: 20, y: -10)))
        let quads = try Path(svgPathData: "M0 0 Q5 10 10 0 T20 0 T30 0")
        #expect(elements(quads)[2] == .quadCurve(to: CGPoint(x: 20, y: 0), control: CGPoint(x: 15, y: -10)))
        #expect(elements(quads)[3] == .quadCurve(to: CGPoint(x: 30, y: 0), control: CGPoint(x: 25, y: 10)))
        let tAfterCubic = try Path(svgPathData: "M0 0 C0 10 10 10 10 0 T20 0")
        #expect(elements(tAfterCubic)[2] == .quadCurve(to: CGPoint(x: 20, y: 0), control: CGPoint(x: 10, y: 0)))
    }

    @Test func arcsFollowTheSpec() throws {
        // A half circle of radius 10 from (0,0) to (20,0). Sweep 1 is the positive-angle direction,
        // clockwise on a y-down screen: from the left point it rises through the top (y < 0).
        let sweepOne = try Path(svgPathData: "M0 0 A10 10 0 0 1 20 0")
        #expect(sweepOne.currentPoint == CGPoint(x: 20, y: 0))
        #expect(near(sweepOne.boundingRect, CGRect(x: 0, y: -10, width: 20, height: 10), 1e-9))
        let sweepZero = try Path(svgPathData: "M0 0 A10 10 0 0 0 20 0")
        #expect(near(sweepZero.boundingRect, CGRect(x: 0, y: 0, width: 20, height: 10), 1e-9))
        // Radii too small are scaled up to just reach: the same half circle.
        let tiny = try Path(svgPathData: "M0 0 A1 1 0 0 1 20 0")
        #expect(same(tiny, sweepOne))
        // Zero radius is a straight line; identical end points draw nothing.
        #expect(elements(try Path(svgPathData: "M0 0 A0 5 0 0 1 20 0")) == [.move(to: .zero), .line(to: CGPoint(x: 20, y: 0))])
        #expect(elements(try Path(svgPathData: "M3 3 A5 5 0 0 1 3 3")) == [.move(to: CGPoint(x: 3, y: 3))])
        // Two circles of radius 10 pass through both points, centred at (0,0) and (10,10). Sweeping
        // the positive way, the large-arc flag picks the 270° arc around (10,10) and the small one
        // the 90° arc around (0,0).
        let large = try Path(svgPathData: "M10 0 A10 10 0 1 1 0 10")
        #expect(elements(large).count == 4)
        #expect(near(large.boundingRect, CGRect(x: 0, y: 0, width: 20, height: 20), 1e-9))
        let small = try Path(svgPathData: "M10 0 A10 10 0 0 1 0 10")
        #expect(elements(small).count == 2)
        #expect(near(small.boundingRect, CGRect(x: 0, y: 0, width: 10, height: 10), 1e-9))
        // A rotated ellipse: 90° turns the 20-pt radius vertical. Going clockwise on screen from the
        // top of the ellipse to its bottom passes through its right side.
        let tilted = try Path(svgPathData: "M0 0 A20 10 90 0 1 0 40")
        #expect(near(tilted.boundingRect, CGRect(x: 0, y: 0, width: 10, height: 40), 1e-9))
    }

    @Test func packedArcFlags() throws {
        let packed = try Path(svgPathData: "M0 0a1 1 0 00 1 1")
        let spaced = try Path(svgPathData: "M0 0 a 1 1 0 0 0 1 1")
        #expect(same(packed, spaced))
        #expect(packed.currentPoint == CGPoint(x: 1, y: 1))
        let fullyPacked = try Path(svgPathData: "M0 0a1 1 0 1110 10")
        let fullySpaced = try Path(svgPathData: "M0 0a1 1 0 1 1 10 10")
        #expect(same(fullyPacked, fullySpaced))
        #expect(fullyPacked.currentPoint == CGPoint(x: 10, y: 10))
    }

    @Test func closeThenContinue() throws {
        let path = try Path(svgPathData: "M10 10 h10 v10 z m5 5 h1 Z L0 0")
        #expect(elements(path) == [
            .move(to: CGPoint(x: 10, y: 10)), .line(to: CGPoint(x: 20, y: 10)), .line(to: CGPoint(x: 20, y: 20)), .closeSubpath,
            .move(to: CGPoint(x: 15, y: 15)), .line(to: CGPoint(x: 16, y: 15)), .closeSubpath,
            .move(to: CGPoint(x: 15, y: 15)), .line(to: .zero),
        ])
        #expect(try Path(svgPathData: "").isEmpty)
        #expect(try Path(svgPathData: "  \n ").isEmpty)
    }

    @Test func errorsNameTheOffsetAndWhatWasFound() {
        func message(_ data: String) -> String? {
            do {
                _ = try Path(svgPathData: data)
                return nil
            } catch let error as FlipbookError {
                #expect(error.kind == .invalidInput)
                return error.message
            } catch {
                return "unexpected \(error)"
            }
        }
        #expect(message("M10 10 L20 x") == "SVG path data: expected a number at offset 11 (found 'x') in \"M10 10 L20 x\"")
        #expect(message("L10 10") == "SVG path data: expected a moveto command ('M' or 'm') to begin the path at offset 0 (found 'L') in \"L10 10\"")
        #expect(message("M10 10 X5") == "SVG path data: expected a path command (one of M L H V C S Q T A Z, or lower case) at offset 7 (found 'X') in \"M10 10 X5\"")
        #expect(message("M1 2 C3 4 5") == "SVG path data: expected a number at offset 11 (found the end of the data) in \"M1 2 C3 4 5\"")
        #expect(message("M0 0 A1 1 0 2 0 5 5") == "SVG path data: expected an arc flag ('0' or '1') at offset 12 (found '2') in \"M0 0 A1 1 0 2 0 5 5\"")
        #expect(message("M1e999 0") == "SVG path data: the number '1e999' at offset 1 is too large to represent in \"M1e999 0\"")
        #expect(message("M1 2,") == "SVG path data: expected a number at offset 5 (found the end of the data) in \"M1 2,\"")
        #expect(message("M1e 2")?.contains("expected exponent digits at offset 3") == true)
        #expect(message("M0 0 Z 5") == "SVG path data: expected a path command (one of M L H V C S Q T A Z, or lower case) at offset 7 (found '5') in \"M0 0 Z 5\"")
        #expect(Path(svgPath: "M10 10 L20 x") == nil)
        // Long data is quoted as a window around the offset.
        let long = String(repeating: "L1 1 ", count: 40)
        let text = message("M0 0 " + long + "L1 ?") ?? ""
        #expect(text.contains("at offset 208 (found '?')"))
        #expect(text.contains("…\""))
    }
}
