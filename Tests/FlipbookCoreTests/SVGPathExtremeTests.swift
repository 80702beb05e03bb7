import FlipbookCore
import Foundation
import Testing

/// SVG path data that once could (or could be suspected to) crash the parser, or give it a path with
/// NaN or infinite points: each parses to a finite path or throws an invalid-input error that says
/// where and why.
@Suite("SVG path data at the limits")
struct SVGPathExtremeTests {
    /// Data the parser must accept, giving a finite path.
    static let finite = [
        "M1 1T0 1e308", "M1 1Q1e20 5 8 8z", "M0 0L16 1e-39L0 16z", "M0 0 4.9e-324 4.9e-324",
        "M0 0A1e308 1e308 0 0 1 1e308 1e308", "M0 0A1e-320 1e-320 0 0 1 10 10",
        "M0 0A1 1 1e308 1 1 5 5", "M0 0A5 1e308 45 1 0 1e308 -1e308", "M-1e308 -1e308A1e308 1e308 0 1 1 1e308 1e308",
        "M0 0A1e200 1e-200 30 0 1 7 3", "M1 1S1e308 1e308 1 1", "M0 0C-1e308 1e308 1e308 -1e308 0 0z",
        "M0 0" + String(repeating: "a1 1 0 0 1 2 0", count: 200), "m0 0" + String(repeating: "t1 1", count: 500),
    ]

    /// Data whose numbers each fit but whose points do not: relative moves or reflections beyond
    /// ±1.8e308. Rejected with the offset of the command, rather than parsed into infinities.
    static let overflowing = [
        ("M1e308 0l1e308 0", 9),
        ("M1.5e308 1.5e308h1.5e308", 17),
        ("M0 0Q1.7e308 0 -1.7e308 0T0 0", 26),
        ("m1e308 1e308 1e308 1e308", 13),
    ]

    @Test(arguments: finite)
    func parsesToAFinitePath(_ data: String) throws {
        let path = try Path(svgPathData: data)
        #expect(path.isFinite, "\(data)")
        #expect(!path.isEmpty)
    }

    @Test(arguments: overflowing)
    func overflowIsAnError(_ data: String, offset: Int) throws {
        let error = #expect(throws: FlipbookError.self) { try Path(svgPathData: data) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "SVG path data: the point at offset \(offset) is beyond the range of a Double "
            + "(±1.8e308) once added to the current point, in \"\(data)\"")
        #expect(Path(svgPath: data) == nil)
    }
}

/// Arcs whose radii dwarf (or are dwarfed by) their chord are drawn, not refused, though the squares
/// of such radii overflow (or underflow) in the centre's computation.
@Suite("SVG arcs with extreme radii")
struct SVGExtremeArcTests {
    @Test(arguments: [
        ("M0 0A1e200 1e200 0 0 1 10 10", CGPoint(x: 10, y: 10)), ("M0 0A1e160 3e170 30 0 0 10 0", CGPoint(x: 10, y: 0)),
        ("M0 0A1e300 1e300 0 0 1 5 5", CGPoint(x: 5, y: 5)), ("M0 0A1e-200 1e-200 0 0 1 10 10", CGPoint(x: 10, y: 10)),
    ])
    func extremeRadiiGiveAFinitePathToTheEndPoint(_ data: String, end: CGPoint) throws {
        let path = try Path(svgPathData: data)
        #expect(path.isFinite)
        #expect(path.currentPoint == end)
        // A minor arc of a huge ellipse hugs its chord; a tiny radius is scaled up to a half circle.
        let box = path.boundingRect
        #expect(box.width < 12 && box.height < 12, "\(box)")
    }
}
