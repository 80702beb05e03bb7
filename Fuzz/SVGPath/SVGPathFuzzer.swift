// libFuzzer target: SVG path data, any bytes (decoded as UTF-8 with repairs), must parse or throw,
// and a parsed path must survive the Path operations that walk its elements.
import FlipbookCore
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func svgPathFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count), as: UTF8.self)
    guard let path = try? Path(svgPathData: text) else { return 0 }
    _ = path.boundingRect
    _ = path.isFinite
    _ = path.contains(CGPoint(x: 1, y: 1))
    _ = path.trimmedPath(from: 0.25, to: 0.75)
    _ = path.applying(CGAffineTransform(a: 2, b: 0.5, c: -0.5, d: 2, tx: 3, ty: 4))
    return 0
}
