import CCairo
@testable import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The fast fill's windows (`fill_window.c`): every instruction set gives the same bytes, and the
/// windows agree with the coverage cells they replace for narrow shapes, leaving every pixel outside a
/// shape's box as it was, the window's spare columns and its moves at the raster's right edge
/// included (for shapes across the raster's edges, which the cells decline, only the last).
@Suite("Fill windows")
struct FillWindowTests {
    static let width = 100, height = 70

    /// One random shape of the kinds scenes draw and the awkward ones: rotated rectangles from a
    /// hundredth of a pixel to 34 px (past the widest window), axis-aligned and nearly vertical ones,
    /// ellipses (curves), convex polygons, slivers, shapes pressed against the raster's right edge, and
    /// shapes across any of its edges (the window covers their visible part; cells decline them).
    struct Shape {
        var path: Path
        var matrix: cairo_matrix_t
        var r, g, b, a: Double
        /// Whether part of the shape's box lies off the raster.
        var crossesEdge: Bool

        init(using rng: inout SplitMix) {
            func uniform(_ low: Double, _ high: Double) -> Double { Double.random(in: low...high, using: &rng) }
            let w = exp(uniform(log(0.01), log(34))), h = exp(uniform(log(0.01), log(34)))
            let kind = Int.random(in: 0..<7, using: &rng)
            switch kind {
            case 0: path = Path(ellipseIn: CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
            case 1:
                let count = Int.random(in: 3...7, using: &rng)
                let angles = (0..<count).map { _ in uniform(0, 2 * .pi) }.sorted()
                path = Path()
                path.addLines(angles.map { CGPoint(x: w / 2 * cos($0), y: h / 2 * sin($0)) })
                path.closeSubpath()
            default: path = Path(CGRect(x: -w / 2, y: -h / 2, width: w, height: h))
            }
            // Rotations: any, none, or a hair off vertical (parts narrower than a millionth of a pixel).
            let angle = switch kind {
            case 3: 0.0
            case 4: uniform(-1e-7, 1e-7) + (Bool.random(using: &rng) ? .pi / 2 : 0)
            default: uniform(0, 2 * .pi)
            }
            let reach = (w * w + h * h).squareRoot() / 2 + 0.01
            let (width, height) = (Double(FillWindowTests.width), Double(FillWindowTests.height))
            var cx = kind == 5 ? width - reach - uniform(0, 2) : uniform(reach, width - reach)
            var cy = uniform(reach, height - reach)
            if kind == 6 {
                // Within reach of a side (a corner at times), anywhere along it.
                let nearSide = { (length: Double, rng: inout SplitMix) in
                    Double.random(in: -reach...reach, using: &rng) + (Bool.random(using: &rng) ? length : 0)
                }
                if Bool.random(using: &rng) {
                    cx = nearSide(width, &rng)
                    cy = uniform(-reach, height + reach)
                } else {
                    cx = uniform(-reach, width + reach)
                    cy = nearSide(height, &rng)
                }
            }
            matrix = cairo_matrix_t(xx: cos(angle), yx: sin(angle), xy: -sin(angle), yy: cos(angle), x0: cx, y0: cy)
            let box = path.boundingRect.applying(
                CGAffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: cx, ty: cy))
            crossesEdge = box.minX < 0 || box.minY < 0 || box.maxX > width || box.maxY > height
            (r, g, b) = (uniform(0, 1), uniform(0, 1), uniform(0, 1))
            a = Bool.random(using: &rng) ? 1 : uniform(0.05, 1)
        }
    }

    static let shapes: [Shape] = {
        var rng = SplitMix(state: 0x57_494E_444F_57)
        return (0..<800).map { _ in Shape(using: &rng) }
    }()

    /// A background that differs in every channel of every pixel (premultiplied: no colour channel
    /// above the alpha), row after row.
    static let background: [UInt32] = {
        var rng = SplitMix(state: 99)
        return (0..<(width * height)).map { _ in
            let alpha = UInt32.random(in: 1...255, using: &rng)
            let channels = (0..<3).map { _ in UInt32.random(in: 0...alpha, using: &rng) }
            return alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
        }
    }()

    /// A raster holding the background.
    static func target() throws -> OpaquePointer {
        let target = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        cairo_surface_flush(target)
        let data = try #require(cairo_image_surface_get_data(target))
        let rowBytes = Int(cairo_image_surface_get_stride(target))
        background.withUnsafeBytes { source in
            for y in 0..<height {
                (data + y * rowBytes).update(from: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * width * 4,
                                             count: width * 4)
            }
        }
        cairo_surface_mark_dirty(target)
        return target
    }

    /// The raster's pixels, row after row.
    static func pixels(_ target: OpaquePointer) -> [UInt32] {
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return [] }
        let rowBytes = Int(cairo_image_surface_get_stride(target))
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * rowBytes).bindMemory(to: UInt32.self, capacity: width)
            pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width))
        }
        return pixels
    }

    /// Draws every shape, each over a fresh copy of the background, and gives back each result and the
    /// box the fill reported (`nil` when it declined).
    static func draw(kernel: InstructionSet, windows: Bool) throws -> [(pixels: [UInt32], drawn: PixelRect?)] {
        let rasterizer = FastFillRasterizer()
        rasterizer.kernel = kernel
        return try shapes.map { shape in
            let target = try target()
            defer { cairo_surface_destroy(target) }
            let drawn = rasterizer.fill(shape.path, matrix: shape.matrix, r: shape.r, g: shape.g, b: shape.b,
                                        a: shape.a, target: target, windows: windows)
            return (pixels(target), drawn)
        }
    }

    /// The wider kernel draws every shape to the baseline's bytes and box.
    func expectBaselinesBytes(from kernel: InstructionSet) throws {
        let baseline = try Self.draw(kernel: .baseline, windows: true)
        #expect(baseline.filter { ($0.drawn?.width ?? 0) > 0 }.count > 600)
        for (index, (wide, portable)) in zip(try Self.draw(kernel: kernel, windows: true), baseline).enumerated() {
            #expect(wide.drawn == portable.drawn, "shape \(index), \(kernel)")
            let differing = zip(wide.pixels, portable.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "shape \(index), \(kernel)")
        }
    }

    @Test(.runs(.avx2)) func avx2GivesTheBaselinesBytes() throws { try expectBaselinesBytes(from: .avx2) }

    @Test(.runs(.avx512)) func avx512GivesTheBaselinesBytes() throws { try expectBaselinesBytes(from: .avx512) }

    /// Within one level of every channel of the coverage cells' result, and exactly the background
    /// outside the shape's box.
    @Test func windowsAgreeWithCellsAndLeaveOtherPixelsAlone() throws {
        let background = Self.background
        let windows = try Self.draw(kernel: .widest, windows: true)
        let cells = try Self.draw(kernel: .widest, windows: false)
        var narrow = 0, nearEdge = 0, across = 0
        for (index, (window, cell)) in zip(windows, cells).enumerated() {
            let crossesEdge = Self.shapes[index].crossesEdge
            if crossesEdge, window.drawn != nil, cell.drawn == nil { across += 1 }
            #expect(window.drawn == cell.drawn || crossesEdge, "shape \(index)")
            guard let box = window.drawn, box.width > 0 else { continue }
            if box.width <= FastFillRasterizer.windowWidth { narrow += 1 }
            if box.x + 16 > Self.width { nearEdge += 1 }
            var touchedOutside = 0, worst = 0
            for i in 0..<(Self.width * Self.height) {
                let (x, y) = (i % Self.width, i / Self.width)
                if x < box.x || x >= box.x + box.width || y < box.y || y >= box.y + box.height {
                    if window.pixels[i] != background[i] { touchedOutside += 1 }
                    continue
                }
                for channel in 0..<4 where !crossesEdge {
                    let shift = UInt32(8 * channel)
                    worst = max(worst, abs(Int(window.pixels[i] >> shift & 0xFF) - Int(cell.pixels[i] >> shift & 0xFF)))
                }
            }
            #expect(touchedOutside == 0, "shape \(index): pixels changed outside its box \(box)")
            #expect(worst <= 1, "shape \(index): \(worst) levels from the cells'")
        }
        #expect(narrow > 500 && nearEdge > 80 && across > 40, "\(narrow) narrow, \(nearEdge) near the right edge, \(across) across an edge")
    }
    /// Shapes far taller than wide (still within the fast fill's area): their edges' parts outgrow the
    /// kernel's buffer of parts (512) and are added to the rows in several batches, and the coverage
    /// rows outgrow the scratch memory.
    @Test func tallShapesAgreeWithCells() throws {
        func draw(windows: Bool) throws -> Bitmap {
            var bitmap = try Bitmap(width: 48, height: 1600)
            bitmap.draw(background: Color(red: 0.2, green: 0.4, blue: 0.6, opacity: 0.7)) { context, _ in
                context.allowsFillWindows = windows
                var slanted = context
                slanted.translateBy(x: 16, y: 800)
                slanted.rotate(by: .radians(0.008))
                slanted.opacity = 0.6
                slanted.fill(Path(CGRect(x: -1.3, y: -450, width: 2.6, height: 900)), with: .color(.orange))
                context.fill(Path(ellipseIn: CGRect(x: 30.25, y: 100.5, width: 8.5, height: 1400)),
                             with: .color(red: 0.1, green: 0.8, blue: 0.3, opacity: 0.8))
            }
            return bitmap
        }
        let windows = try draw(windows: true), cells = try draw(windows: false)
        let difference = try #require(compareImages(windows, cells))
        #expect(difference.maximum <= 1, "\(difference.maximum) levels")
        // Drawn at all, by the fast fill (Cairo would differ from the cells by more than a level).
        #expect(windows.pixel(x: 16, y: 800) != windows.pixel(x: 2, y: 800))
        #expect(windows.pixel(x: 34, y: 800) != windows.pixel(x: 2, y: 800))
        #expect(difference.pixelsBeyondStrict == 0)
    }
}
