import Foundation
import Testing
@testable import FlipbookCore

@Suite("Geometry")
struct GeometryTests {
    @Test func vectorBasics() {
        let v = CGVector(dx: 3, dy: -4)
        #expect(v.dx == 3 && v.dy == -4)
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
        #expect(CGVector(dx: 1.5, dy: 2) != CGVector(dx: 1.5, dy: 2.5))
        #expect(Set([v, v, .zero]).count == 2)
    }

    @Test func vectorCodableRoundTrip() throws {
        let v = CGVector(dx: 1.25, dy: -7)
        let data = try JSONEncoder().encode(v)
        #expect(try JSONDecoder().decode(CGVector.self, from: data) == v)
        #expect(String(decoding: data, as: UTF8.self) == "[1.25,-7]")
    }

    @Test func transformCodableRoundTrip() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5.5, ty: -6)
        let data = try JSONEncoder().encode(t)
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3,4,5.5,-6]")
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
    }

    @Test func pointMapping() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty
        #expect(CGPoint(x: 10, y: 100).applying(t) == CGPoint(x: 10 + 300 + 5, y: 20 + 400 + 6))
        // Sizes ignore the translation.
        #expect(CGSize(width: 10, height: 100).applying(t) == CGSize(width: 310, height: 420))
    }

    @Test func identity() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform().isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1).isIdentity)
        #expect(CGPoint(x: 3, y: 4).applying(.identity) == CGPoint(x: 3, y: 4))
    }

    @Test func rotationByNinetyDegreesTurnsXIntoY() {
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(CGPoint(x: 1, y: 0).applying(r) == CGPoint(x: 0, y: 1))
        #expect(CGPoint(x: 0, y: 1).applying(r) == CGPoint(x: -1, y: 0))
        let r45 = CGAffineTransform(rotationAngle: .pi / 4)
        let s = CGFloat(2).squareRoot() / 2
        #expect(near(CGPoint(x: 1, y: 0).applying(r45), CGPoint(x: s, y: s)))
    }

    @Test func concatenationAppliesLeftFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let move = CGAffineTransform(translationX: 10, y: 20)
        let p = CGPoint(x: 1, y: 1)
        // Scale, then move.
        #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 23))
        // Move, then scale.
        #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 63))
    }

    @Test func translatedByPrependsTheTranslation() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let t = scale.translatedBy(x: 10, y: 0)
        // The translation happens first, in the scaled user space: (1+10)·2.
        #expect(CGPoint(x: 1, y: 0).applying(t) == CGPoint(x: 22, y: 0))
        #expect(t == CGAffineTransform(translationX: 10, y: 0).concatenating(scale))
        #expect(t != scale.concatenating(CGAffineTransform(translationX: 10, y: 0)))
    }

    @Test func scaledAndRotatedPrepend() {
        let move = CGAffineTransform(translationX: 5, y: 0)
        #expect(CGPoint(x: 1, y: 1).applying(move.scaledBy(x: 3, y: 4)) == CGPoint(x: 8, y: 4))
        let turned = move.rotated(by: .pi / 2)
        #expect(near(CGPoint(x: 1, y: 0).applying(turned), CGPoint(x: 5, y: 1)))
    }

    @Test func inversionRoundTrips() {
        let t = CGAffineTransform(translationX: 7, y: -3).rotated(by: 0.7).scaledBy(x: 2, y: 0.5)
        let inverse = t.inverted()
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 13, y: -2.5), CGPoint(x: -100, y: 40)] {
            #expect(near(p.applying(t).applying(inverse), p, 1e-9))
        }
        let product = t.concatenating(inverse)
        #expect(abs(product.a - 1) < 1e-12 && abs(product.b) < 1e-12)
        #expect(abs(product.c) < 1e-12 && abs(product.d - 1) < 1e-12)
        #expect(abs(product.tx) < 1e-12 && abs(product.ty) < 1e-12)
    }

    @Test func singularTransformInvertsToItself() {
        let flat = CGAffineTransform(scaleX: 0, y: 2).translatedBy(x: 3, y: 4)
        #expect(flat.inverted() == flat)
        let collinear = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(collinear.inverted() == collinear)
    }

    @Test func rectApplyingGivesBoundingBoxOfCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(rect.applying(CGAffineTransform(translationX: 5, y: 6)) == CGRect(x: 5, y: 6, width: 10, height: 20))
        #expect(rect.applying(CGAffineTransform(scaleX: -1, y: 2)) == CGRect(x: -10, y: 0, width: 10, height: 40))
        let turned = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(turned == CGRect(x: -20, y: 0, width: 20, height: 10))
        let diamond = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let h = CGFloat(2).squareRoot()
        #expect(abs(diamond.minX + h) < 1e-12 && abs(diamond.width - 2 * h) < 1e-12)
        #expect(abs(diamond.minY + h) < 1e-12 && abs(diamond.height - 2 * h) < 1e-12)
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    @Test func finiteness() {
        #expect(CGAffineTransform.identity.isFinite)
        #expect(!CGAffineTransform(translationX: .nan, y: 0).isFinite)
        #expect(!CGAffineTransform(scaleX: 1, y: .infinity).isFinite)
    }

    @Test func lineStyleRawValuesMatchCoreGraphics() {
        #expect(CGLineCap.butt.rawValue == 0 && CGLineCap.round.rawValue == 1 && CGLineCap.square.rawValue == 2)
        #expect(CGLineJoin.miter.rawValue == 0 && CGLineJoin.round.rawValue == 1 && CGLineJoin.bevel.rawValue == 2)
    }
}
