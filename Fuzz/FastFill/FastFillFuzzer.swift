// libFuzzer target: any path under any transform, filled and stroked into a small bitmap, draws or
// is skipped (and reported), never a crash. Exercises the fast fill and ring paths and their
// fallbacks to Cairo.
import FlipbookDrawing
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fastFillFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    var input = FuzzInput(UnsafeBufferPointer(start: bytes, count: count))
    let (transform, style, path) = input.drawing()
    guard var bitmap = try? Bitmap(width: 24, height: 20) else { return 0 }
    bitmap.draw(scale: style & 1 == 0 ? 1 : 2, background: .white) { context, _ in
        if style & 2 != 0 { context.concatenate(transform) }
        context.opacity = style & 4 == 0 ? 1 : 0.6
        context.fill(path, with: .color(.blue.opacity(0.8)))
        if style & 8 != 0 {
            context.stroke(path, with: .color(.red), lineWidth: style & 16 == 0 ? 1 : 3)
        }
    }
    return 0
}
