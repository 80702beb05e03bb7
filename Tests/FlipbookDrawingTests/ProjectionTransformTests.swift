@testable import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("CATransform3D and ProjectionTransform: exact where affine, subdivided or warped with perspective")
struct ProjectionTransformTests {
    func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-12) -> Bool {
        zip(a.rows.joined(), b.rows.joined()).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func coreAnimationsFunctionsComposeAsItsDo() {
        // About z, a rotation is CGAffineTransform's.
        let angle = CGFloat.pi / 5
        let z = CATransform3DMakeRotation(angle, 0, 0, 2)
        let affine = CGAffineTransform(rotationAngle: angle)
        #expect(CATransform3DIsAffine(CATransform3DMakeAffineTransform(affine)))
        #expect(close(z, CATransform3DMakeAffineTransform(affine)))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        // Translate, scale and rotate act before the transform they are given.
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 4), 10, 20, 30)
        #expect(t.m41 == 20 && t.m42 == 60 && t.m43 == 120)
        #expect(CATransform3DEqualToTransform(CATransform3DRotate(CATransform3DIdentity, angle, 0, 0, 1), z))
        // Concatenation and inversion.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let tumble = CATransform3DRotate(CATransform3DRotate(perspective, 0.7, 1, 0, 0), 0.4, 0, 1, 0)
        #expect(close(CATransform3DConcat(tumble, CATransform3DInvert(tumble)), CATransform3DIdentity))
        #expect(!CATransform3DIsAffine(tumble))
        // A transform with no inverse comes back as it is.
        #expect(CATransform3DInvert(CATransform3DMakeScale(0, 1, 1)) == CATransform3DMakeScale(0, 1, 1))
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(affine)) == affine)
    }

    @Test func aProjectionKeepsWhatAFlatPictureSeesOfA3DTransform() {
        var t = CATransform3DIdentity
        t.m34 = -1 / 400
        // The perspective term shows once a rotation about y brings it into the x column.
        let turned = CATransform3DRotate(t, .pi / 6, 0, 1, 0)
        let p = ProjectionTransform(turned)
        #expect(p.m11 == turned.m11 && p.m12 == turned.m12 && p.m13 == turned.m14)
        #expect(p.m21 == turned.m21 && p.m22 == turned.m22 && p.m23 == turned.m24)
        #expect(p.m31 == turned.m41 && p.m32 == turned.m42 && p.m33 == turned.m44)
        #expect(p.m13 != 0 && !p.isAffine)
        // m34 alone changes nothing in the plane z = 0.
        #expect(ProjectionTransform(t).isIdentity)
        var inverted = p
        let didInvert = inverted.invert()
        #expect(didInvert)
        #expect(p.concatenating(inverted).affine.map { abs($0.a - 1) < 1e-12 && abs($0.tx) < 1e-12 } == true)
        var singular = ProjectionTransform(CGAffineTransform(scaleX: 0, y: 1))
        let didInvertSingular = singular.invert()
        #expect(!didInvertSingular && singular == ProjectionTransform(CGAffineTransform(scaleX: 0, y: 1)))
    }

    /// Shapes, a gradient, a stroke, text and an image, the way a canvas draws a confetti piece.
    static func piece(_ context: inout GraphicsContext) {
        context.fill(Path(roundedRect: CGRect(x: -30, y: -18, width: 60, height: 36), cornerRadius: 8),
                     with: .linearGradient(Gradient(colors: [.orange, .purple]), startPoint: CGPoint(x: -30, y: 0),
                                           endPoint: CGPoint(x: 30, y: 0)))
        context.stroke(Path(ellipseIn: CGRect(x: -24, y: -12, width: 48, height: 24)), with: .color(.white), lineWidth: 3)
        context.fill(Path(CGRect(x: -6, y: -6, width: 12, height: 12)), with: .color(.blue))
        context.draw(Text("Hi").font(.system(size: 14, weight: .bold)), at: .zero)
    }

    @Test func anAffineTransform3DDrawsExactlyAsTheSameCGAffineTransform() throws {
        let scale = CATransform3DScale(CATransform3DMakeRotation(0.5, 0, 0, 1), 1.3, 0.8, 1)
        let transforms: [CATransform3D] = [
            CATransform3DMakeTranslation(12, -7, 0),
            scale,
            CATransform3DTranslate(scale, 5, 3, 40),  // z moves nothing in the picture
        ]
        for t in transforms {
            let projected = try drawing(160, 120, scale: 2) { context, _ in
                var c = context
                c.translateBy(x: 80, y: 60)
                c.addFilter(.projectionTransform(ProjectionTransform(t)))
                Self.piece(&c)
            }
            let concatenated = try drawing(160, 120, scale: 2) { context, _ in
                var c = context
                c.translateBy(x: 80, y: 60)
                c.concatenate(CATransform3DGetAffineTransform(t))
                Self.piece(&c)
            }
            #expect(try projected.pngData() == concatenated.pngData(), "\(t)")
        }
    }

    @Test func anAffineProjectionUnderOtherFiltersStillActsFirst() throws {
        let t = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 10, y: 0)
        let projected = try drawing(120, 80) { context, _ in
            var c = context
            c.addFilter(.shadow(color: .black, radius: 3, x: 4, y: 4))
            c.translateBy(x: 60, y: 40)
            c.addFilter(.projectionTransform(ProjectionTransform(t)))
            c.fill(Path(CGRect(x: -20, y: -10, width: 40, height: 20)), with: .color(.red))
        }
        let concatenated = try drawing(120, 80) { context, _ in
            var c = context
            c.addFilter(.shadow(color: .black, radius: 3, x: 4, y: 4))
            c.translateBy(x: 60, y: 40)
            c.concatenate(t)
            c.fill(Path(CGRect(x: -20, y: -10, width: 40, height: 20)), with: .color(.red))
        }
        #expect(try projected.pngData() == concatenated.pngData())
    }

    @Test func perspectiveFillsAreSubdividedAndMatchTheWarpedPicture() throws {
        var t = CATransform3DIdentity
        t.m34 = -1 / 300
        t = CATransform3DRotate(t, .pi / 3.5, 0, 1, 0)
        func draw(_ shading: GraphicsContext.Shading) throws -> Bitmap {
            try drawing(200, 140, background: .white) { context, _ in
                var c = context
                c.translateBy(x: 100, y: 70)
                c.addFilter(.projectionTransform(ProjectionTransform(t)))
                c.fill(Path(roundedRect: CGRect(x: -60, y: -40, width: 120, height: 80), cornerRadius: 16), with: shading)
            }
        }
        // A colour goes through the subdivided path; a gradient of that one colour through the warp.
        let subdivided = try draw(.color(.red))
        let warped = try draw(.linearGradient(Gradient(colors: [.red, .red]), startPoint: .zero, endPoint: CGPoint(x: 1, y: 0)))
        #expect(subdivided.drawingIssue == nil && warped.drawingIssue == nil)
        var differing = 0, red = 0
        for y in 0..<140 {
            for x in 0..<200 {
                let a = subdivided.pixel(x: x, y: y), b = warped.pixel(x: x, y: y)
                if abs(a.green - b.green) > 0.25 { differing += 1 }
                if a.green < 0.5 { red += 1 }
            }
        }
        #expect(red > 4000)
        #expect(differing < 60, "\(differing) pixels differ")
        // Perspective: the side turned away is shorter than the side turned towards the viewer (a
        // rectangle becomes a trapezoid).
        func height(atColumn x: Int) -> Int { (0..<140).filter { subdivided.pixel(x: x, y: $0).green < 0.5 }.count }
        let columns = (0..<200).filter { height(atColumn: $0) > 0 }
        let left = try #require(columns.first), right = try #require(columns.last)
        #expect(height(atColumn: left + 8) != height(atColumn: right - 8))
        #expect(abs(height(atColumn: left + 8) - height(atColumn: right - 8)) > 10)
        // The path maps points through the projection exactly: a rectangle's corners land where the
        // projection puts them.
        let device = CGAffineTransform(translationX: 100, y: 70)
        let projection = ProjectionTransform(t)
        let corners = try #require(PerspectivePath.project(Path(CGRect(x: -10, y: -10, width: 20, height: 20)),
                                                           userToDevice: device, through: projection))
        var points: [CGPoint] = []
        corners.forEach { if case .move(let p) = $0 { points.append(p) } else if case .line(let p) = $0 { points.append(p) } }
        let expected = try #require(projection.apply(CGPoint(x: 90, y: 60)))
        #expect(abs(points[0].x - expected.x) < 1e-9 && abs(points[0].y - expected.y) < 1e-9)
        // Behind the viewer: no path (the fill warps pixels instead).
        var behind = ProjectionTransform()
        behind.m13 = -0.01
        #expect(PerspectivePath.project(Path(CGRect(x: 0, y: 0, width: 200, height: 10)), userToDevice: .identity,
                                        through: behind) == nil)
    }
}
