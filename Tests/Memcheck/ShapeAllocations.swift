import Flipbook
import Foundation

/// `FlipbookMemcheck shapes N`: draws N confetti rectangles and N confetti discs, each through its own
/// context copy with a translation, a rotation and an opacity, and N circles as `Path(ellipseIn:)`
/// stroked as rings, on one frame. scripts/memcheck.sh counts the heap blocks valgrind sees for two values of N: drawing more
/// shapes must allocate nothing more (issue #15: no per-shape overhead).
func drawShapes(count: Int) throws {
    var bitmap = try Bitmap(width: 256, height: 256)
    bitmap.draw(background: .white) { context, _ in
        for index in 0..<count {
            let t = Double(index)
            var piece = context
            piece.opacity = 0.5 + (t.truncatingRemainder(dividingBy: 5)) / 10
            piece.translateBy(x: 20 + (t * 37).truncatingRemainder(dividingBy: 216), y: 20 + (t * 53).truncatingRemainder(dividingBy: 216))
            piece.rotate(by: .degrees(t * 7))
            piece.fill(Path(CGRect(x: -6, y: -3, width: 12, height: 6)), with: .color(Color(red: 0.9, green: 0.3, blue: t / Double(count))))
            piece.fill(Path(ellipseIn: CGRect(x: -4, y: -4, width: 8, height: 8)), with: .color(.green))
            let radius = 10 + (t * 3).truncatingRemainder(dividingBy: 90)
            context.stroke(Path(ellipseIn: CGRect(x: 128 - radius, y: 128 - radius, width: 2 * radius, height: 2 * radius)),
                           with: .color(.blue.opacity(0.3)), lineWidth: 2)
        }
    }
    guard bitmap.drawingIssue == nil else {
        print("memcheck: drawing the shapes recorded an issue")
        exit(1)
    }
}
