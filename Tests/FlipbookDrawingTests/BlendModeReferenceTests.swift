import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Blend modes match their reference images")
struct BlendModeReferenceTests {
    /// Quadrants: opaque yellow, opaque blue, half-transparent green, transparent; then a circle of
    /// opaque pink and a half-transparent cyan bar drawn with `mode`. Outside the shapes nothing changes.
    static func blended(_ mode: GraphicsContext.BlendMode) throws -> Bitmap {
        try drawing(48, 48, background: .clear) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 24, height: 24)), with: .color(red: 1, green: 0.8, blue: 0))
            context.fill(Path(CGRect(x: 24, y: 0, width: 24, height: 24)), with: .color(red: 0.1, green: 0.3, blue: 0.9))
            context.fill(Path(CGRect(x: 0, y: 24, width: 24, height: 24)), with: .color(red: 0.2, green: 0.7, blue: 0.3, opacity: 0.5))
            var ctx = context
            ctx.blendMode = mode
            ctx.fill(Path(ellipseIn: CGRect(x: 8, y: 8, width: 32, height: 32)), with: .color(red: 0.9, green: 0.3, blue: 0.5))
            ctx.fill(Path(CGRect(x: 4, y: 34, width: 40, height: 8)), with: .color(red: 0.2, green: 0.8, blue: 0.9, opacity: 0.5))
        }
    }

    @Test(arguments: GraphicsContext.BlendMode.allModes)
    func mode(_ mode: GraphicsContext.BlendMode) throws {
        assertMatchesReference(try Self.blended(mode), named: "blend-\(mode)")
    }

    @Test(arguments: [GraphicsContext.BlendMode.clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop, .plusDarker])
    func modeLeavesOutsideUnchanged(_ mode: GraphicsContext.BlendMode) throws {
        let image = try Self.blended(mode)
        let normal = try Self.blended(.normal)
        // Corners lie outside both shapes.
        for (x, y) in [(1, 1), (46, 1), (1, 30), (46, 30)] {
            #expect(image.pixel(x: x, y: y) == normal.pixel(x: x, y: y), "\(mode) at (\(x), \(y))")
        }
    }

    @Test func strokeWithUnboundedModeUnderInverseClip() throws {
        let image = try drawing(64, 64, background: .clear) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 64)), with: .color(.orange))
            var ctx = context
            ctx.clip(to: Path(CGRect(x: 24, y: 0, width: 16, height: 64)), options: .inverse)
            ctx.blendMode = .sourceIn
            ctx.stroke(Path(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48)), with: .color(.blue), lineWidth: 6)
            ctx.blendMode = .clear
            ctx.fill(Path(CGRect(x: 0, y: 28, width: 64, height: 8)), with: .color(.black))
        }
        assertMatchesReference(image, named: "blend-unbounded-stroke-inverse-clip")
    }
}
