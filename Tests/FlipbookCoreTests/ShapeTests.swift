import FlipbookCore
import Foundation
import Testing

@Suite("Shapes: SwiftUI's geometry")
struct ShapeTests {
    let wide = CGRect(x: 0, y: 0, width: 200, height: 100)

    @Test func circleIsTheLargestCircleCentredInTheRectangle() {
        let path = Circle().path(in: wide)
        #expect(near(path.boundingRect, CGRect(x: 50, y: 0, width: 100, height: 100)))
        // Every point of the outline is 50 from the centre, within the cubic's 0.03 %.
        for point in outlinePoints(path) {
            #expect(near(hypot(point.x - 100, point.y - 50), 50, 0.02))
        }
        let tall = Circle().path(in: CGRect(x: 10, y: 20, width: 40, height: 100))
        #expect(near(tall.boundingRect, CGRect(x: 10, y: 50, width: 40, height: 40)))
    }

    @Test func ellipseFillsTheRectangle() {
        #expect(Ellipse().path(in: wide) == Path(ellipseIn: wide))
        #expect(near(Ellipse().path(in: wide).boundingRect, wide))
    }

    @Test func rectangleIsTheRectangle() {
        #expect(Rectangle().path(in: wide) == Path(wide))
        let flipped = CGRect(x: 200, y: 100, width: -200, height: -100)
        #expect(Rectangle().path(in: flipped) == Path(wide))
    }

    @Test func capsuleEndsHaveRadiusHalfTheShorterSide() {
        for style in [RoundedCornerStyle.circular, .continuous] {
            let rect = CGRect(x: 0, y: 0, width: 200, height: 60)
            let path = Capsule(style: style).path(in: rect)
            #expect(near(path.boundingRect, rect))
            for point in outlinePoints(path) {
                if point.x > 30 + 1e-9, point.x < 170 - 1e-9 {
                    // Between the ends the outline is the straight top and bottom.
                    #expect(near(point.y, 0, 1e-9) || near(point.y, 60, 1e-9))
                } else {
                    let centre = CGPoint(x: point.x <= 30 ? 30 : 170, y: 30)
                    #expect(near(hypot(point.x - centre.x, point.y - centre.y), 30, 0.01))
                }
            }
        }
        // Upright, the ends are at the top and bottom.
        let upright = Capsule().path(in: CGRect(x: 0, y: 0, width: 60, height: 200))
        #expect(upright.contains(CGPoint(x: 30, y: 1)) && !upright.contains(CGPoint(x: 2, y: 2)))
    }

    @Test func continuousCapsuleIsTheCircularOne() {
        // A continuous corner with room for one radius only is circular: both styles agree.
        let rect = CGRect(x: 5, y: 5, width: 200, height: 60)
        #expect(Capsule(style: .continuous).path(in: rect) == Capsule(style: .circular).path(in: rect))
    }

    @Test func circularRoundedRectangleIsPathsRoundedRectangle() {
        let path = RoundedRectangle(cornerRadius: 20, style: .circular).path(in: wide)
        let expected = Path(roundedRect: wide, cornerRadius: 20)
        #expect(nearElements(path, expected))
        #expect(near(path.boundingRect, wide))
    }

    @Test func roundedRectangleClampsTheRadiusToHalfTheShorterSide() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 60)
        let huge = RoundedRectangle(cornerRadius: 500, style: .circular).path(in: rect)
        #expect(nearElements(huge, Capsule(style: .circular).path(in: rect)))
        // An elliptical corner too large for the height shrinks keeping its proportions: 80 × 40
        // in a 60-high rectangle becomes 60 × 30.
        let elliptical = RoundedRectangle(cornerSize: CGSize(width: 80, height: 40), style: .circular).path(in: rect)
        let topLeft = outlinePoints(elliptical).filter { $0.x < 60 }
        #expect(!topLeft.isEmpty)
        for point in topLeft {
            let (u, v) = ((point.x - 60) / 60, (point.y - 30) / 30)
            #expect(near(u * u + v * v, 1, 0.002))
        }
        // Negative and NaN radii are square corners.
        #expect(nearElements(RoundedRectangle(cornerRadius: -5, style: .circular).path(in: rect),
                             Path(roundedRect: rect, cornerRadius: 0)))
        #expect(RoundedRectangle(cornerRadius: .nan).path(in: rect).boundingRect == rect)
    }

    @Test func unevenCornersTakeTheirOwnRadii() {
        let shape = UnevenRoundedRectangle(
            topLeadingRadius: 10, bottomLeadingRadius: 0, bottomTrailingRadius: 30, topTrailingRadius: 0,
            style: .circular)
        let path = shape.path(in: wide)
        #expect(near(path.boundingRect, wide))
        let points = outlinePoints(path)
        // Square corners keep their corner point; rounded ones cut it.
        #expect(points.contains { near($0, CGPoint(x: 200, y: 0)) })
        #expect(points.contains { near($0, CGPoint(x: 0, y: 100)) })
        #expect(!path.contains(CGPoint(x: 1, y: 1)) && !path.contains(CGPoint(x: 198, y: 98)))
        // The bottom-trailing corner is a quarter circle of radius 30 about (170, 70).
        let corner = points.filter { $0.x > 170 && $0.y > 70 }
        #expect(!corner.isEmpty)
        for point in corner { #expect(near(hypot(point.x - 170, point.y - 70), 30, 0.01)) }
        // The same radii through RectangleCornerRadii.
        let radii = RectangleCornerRadii(topLeading: 10, bottomTrailing: 30)
        #expect(UnevenRoundedRectangle(cornerRadii: radii, style: .circular).path(in: wide) == path)
        // Equal radii are a rounded rectangle; a radius over half the shorter side is clamped to it.
        #expect(UnevenRoundedRectangle(topLeadingRadius: 20, bottomLeadingRadius: 20, bottomTrailingRadius: 20,
                                       topTrailingRadius: 20).path(in: wide)
                == RoundedRectangle(cornerRadius: 20).path(in: wide))
        #expect(UnevenRoundedRectangle(topLeadingRadius: 500, bottomLeadingRadius: 50, bottomTrailingRadius: 50,
                                       topTrailingRadius: 50, style: .circular).path(in: wide)
                == RoundedRectangle(cornerRadius: 50, style: .circular).path(in: wide))
    }

    @Test func insetShrinksEveryShapeByTheAmountOnEachSide() {
        let inner = wide.insetBy(dx: 10, dy: 10)
        #expect(near(Rectangle().inset(by: 10).path(in: wide).boundingRect, inner))
        #expect(near(Ellipse().inset(by: 10).path(in: wide).boundingRect, inner))
        #expect(near(Capsule().inset(by: 10).path(in: wide).boundingRect, inner))
        #expect(near(RoundedRectangle(cornerRadius: 30).inset(by: 10).path(in: wide).boundingRect, inner))
        #expect(near(UnevenRoundedRectangle(topLeadingRadius: 30).inset(by: 10).path(in: wide).boundingRect, inner))
        #expect(near(Circle().inset(by: 10).path(in: wide).boundingRect, CGRect(x: 60, y: 10, width: 80, height: 80)))
        // Insets add up, and a negative inset grows the shape.
        #expect(near(Rectangle().inset(by: 4).inset(by: 6).path(in: wide).boundingRect, inner))
        #expect(near(Rectangle().inset(by: -5).path(in: wide).boundingRect, wide.insetBy(dx: -5, dy: -5)))
    }

    @Test func insetRoundedRectangleStaysConcentric() {
        let inner = wide.insetBy(dx: 5, dy: 5)
        let inset = RoundedRectangle(cornerRadius: 20, style: .circular).inset(by: 5).path(in: wide)
        #expect(nearElements(inset, RoundedRectangle(cornerRadius: 15, style: .circular).path(in: inner)))
        // Insetting by more than the radius leaves square corners.
        let square = RoundedRectangle(cornerRadius: 4, style: .circular).inset(by: 5).path(in: wide)
        #expect(nearElements(square, Path(roundedRect: inner, cornerRadius: 0)))
    }

    @Test func insetPastTheMiddleDrawsNothing() {
        #expect(Rectangle().inset(by: 51).path(in: wide).isEmpty)
        #expect(Circle().inset(by: 60).path(in: wide).isEmpty)
        #expect(Capsule().inset(by: .nan).path(in: wide).isEmpty)
        // Exactly to the middle is a line, not nothing.
        #expect(!Rectangle().inset(by: 50).path(in: wide).isEmpty)
    }

    @Test func pathIsAShapeThatIgnoresTheRectangle() {
        let triangle = Path { p in
            p.addLines([CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 5, y: 0)])
            p.closeSubpath()
        }
        #expect(triangle.path(in: wide) == triangle)
        #expect(triangle.path(in: .zero) == triangle)
    }

    @Test func anyShapeDrawsTheShapeItWraps() {
        let shapes = [AnyShape(Circle()), AnyShape(Capsule()), AnyShape(Rectangle().inset(by: 3))]
        #expect(shapes[0].path(in: wide) == Circle().path(in: wide))
        #expect(shapes[1].path(in: wide) == Capsule().path(in: wide))
        #expect(shapes[2].path(in: wide) == Rectangle().inset(by: 3).path(in: wide))
    }

    /// Whether two paths have the same elements, their points within rounding.
    func nearElements(_ a: Path, _ b: Path, _ tolerance: CGFloat = 1e-9) -> Bool {
        let (x, y) = (elements(a), elements(b))
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { pair in
            switch pair {
            case (.move(let p), .move(let q)), (.line(let p), .line(let q)): return near(p, q, tolerance)
            case (.quadCurve(let p, let c), .quadCurve(let q, let d)):
                return near(p, q, tolerance) && near(c, d, tolerance)
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                return near(p, q, tolerance) && near(c1, d1, tolerance) && near(c2, d2, tolerance)
            case (.closeSubpath, .closeSubpath): return true
            default: return false
            }
        }
    }
}

@Suite("Path's rounded rectangles with a corner style")
struct PathCornerStyleTests {
    let rect = CGRect(x: 10, y: 20, width: 300, height: 200)

    @Test func theStyledBuildersDrawWhatTheShapesDraw() {
        #expect(Path(roundedRect: rect, cornerRadius: 40, style: .continuous)
                == RoundedRectangle(cornerRadius: 40).path(in: rect))
        #expect(Path(roundedRect: rect, cornerSize: CGSize(width: 30, height: 20), style: .circular)
                == RoundedRectangle(cornerSize: CGSize(width: 30, height: 20), style: .circular).path(in: rect))
        let radii = RectangleCornerRadii(topLeading: 5, bottomTrailing: 60)
        #expect(Path(roundedRect: rect, cornerRadii: radii, style: .continuous)
                == UnevenRoundedRectangle(cornerRadii: radii).path(in: rect))
        let shift = CGAffineTransform(translationX: 7, y: -3)
        var added = Path()
        added.addRoundedRect(in: rect, cornerRadii: radii, style: .circular, transform: shift)
        #expect(added == UnevenRoundedRectangle(cornerRadii: radii, style: .circular).path(in: rect).applying(shift))
        var sized = Path()
        sized.addRoundedRect(in: rect, cornerSize: CGSize(width: 12, height: 12), style: .continuous)
        #expect(sized == RoundedRectangle(cornerRadius: 12).path(in: rect))
    }

    @Test func theBuildersWithoutAStyleStayCircular() {
        // Existing drawings keep their corners: no style means circular, as before.
        let plain = Path(roundedRect: rect, cornerRadius: 40)
        #expect(plain != Path(roundedRect: rect, cornerRadius: 40, style: .continuous))
        let circular = outlinePoints(Path(roundedRect: rect, cornerRadius: 40, style: .circular), steps: 4)
        let points = outlinePoints(plain, steps: 4)
        #expect(points.count == circular.count && zip(points, circular).allSatisfy { near($0, $1, 1e-9) })
    }
}

@Suite("Shape shorthands")
struct ShapeShorthandTests {
    let rect = CGRect(x: 0, y: 0, width: 120, height: 80)

    func outline(_ shape: some Shape) -> Path { shape.path(in: rect) }

    @Test func eachShorthandIsItsShape() {
        #expect(outline(.circle) == Circle().path(in: rect))
        #expect(outline(.ellipse) == Ellipse().path(in: rect))
        #expect(outline(.capsule) == Capsule().path(in: rect))
        #expect(outline(.capsule(style: .circular)) == Capsule(style: .circular).path(in: rect))
        #expect(outline(.rect) == Rectangle().path(in: rect))
        #expect(outline(.rect(cornerRadius: 12)) == RoundedRectangle(cornerRadius: 12).path(in: rect))
        #expect(outline(.rect(cornerSize: CGSize(width: 9, height: 6), style: .circular))
                == RoundedRectangle(cornerSize: CGSize(width: 9, height: 6), style: .circular).path(in: rect))
        #expect(outline(.rect(topLeadingRadius: 20, bottomTrailingRadius: 5))
                == UnevenRoundedRectangle(topLeadingRadius: 20, bottomTrailingRadius: 5).path(in: rect))
        #expect(outline(.rect(cornerRadii: RectangleCornerRadii(topTrailing: 30)))
                == UnevenRoundedRectangle(topTrailingRadius: 30).path(in: rect))
    }
}
