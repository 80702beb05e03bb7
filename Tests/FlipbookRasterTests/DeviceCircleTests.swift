import FlipbookCore
@testable import FlipbookRaster
import Foundation
import Testing

/// The stroked-circle fast path takes only paths that are exactly a circle on the device.
@Suite("Device circles")
struct DeviceCircleTests {
    @Test func circlesAreRecognisedOnlyWhenExact() {
        let identity = CGAffineTransform.identity
        let circle = Path(ellipseIn: CGRect(x: 10, y: 20, width: 30, height: 30))
        let found = DeviceCircle(circle, transform: identity)
        #expect(found?.centerX == 25 && found?.centerY == 35 && found?.radius == 15)
        // The same elements built by hand are the same picture, so they qualify too.
        #expect(DeviceCircle(Path(elements: circle.elements), transform: identity) != nil)
        #expect(DeviceCircle(Path(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 31)), transform: identity) == nil)
        #expect(DeviceCircle(Path(ellipseIn: .zero), transform: identity) == nil)
        #expect(DeviceCircle(Path(CGRect(x: 0, y: 0, width: 30, height: 30)), transform: identity) == nil)
        var twoCircles = circle
        twoCircles.addEllipse(in: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(DeviceCircle(twoCircles, transform: identity) == nil)
        let stretched = CGAffineTransform(a: 2, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(DeviceCircle(circle, transform: stretched) == nil)
        let scaled = CGAffineTransform(a: -2, b: 0, c: 0, d: 2, tx: 5, ty: 0)
        let flipped = DeviceCircle(circle, transform: scaled)
        #expect(flipped?.centerX == -45 && flipped?.centerY == 70 && flipped?.radius == 30)
    }
}
