// libFuzzer target: any path under any transform, filled and stroked into a small bitmap, draws or
// is skipped (and reported), never a crash. Exercises the fast fill and ring paths and their
// fallbacks to Cairo.
import FlipbookDrawing
import Foundation

/// Reads the fuzzer's bytes as a little program: a transform, then path elements.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A coordinate: mostly small values near the bitmap, sometimes a raw Double (huge, tiny,
    /// denormal, NaN, infinite), so both the common and the extreme cases are reached.
    mutating func coordinate() -> CGFloat {
        let tag = byte()
        switch tag % 8 {
        case 0:
            var raw: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { raw |= UInt64(byte()) << UInt64(shift) }
            return CGFloat(Double(bitPattern: raw))
        case 1:
            let exponent = Int(byte() % 128) - 64
            return CGFloat(Double(Int8(bitPattern: byte())) * pow(10, Double(exponent) * 5))
        default:
            return CGFloat(Double(Int16(byte()) - 64) / 4 + Double(tag) / 256)
        }
    }

    mutating func point() -> CGPoint { CGPoint(x: coordinate(), y: coordinate()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fastFillFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    var input = FuzzInput(UnsafeBufferPointer(start: bytes, count: count))
    let transform = CGAffineTransform(a: input.coordinate(), b: input.coordinate(), c: input.coordinate(),
                                      d: input.coordinate(), tx: input.coordinate(), ty: input.coordinate())
    let style = input.byte()
    var path = Path()
    var elements = 0
    while !input.isAtEnd && elements < 64 {
        elements += 1
        switch input.byte() % 6 {
        case 0: path.move(to: input.point())
        case 1: path.addLine(to: input.point())
        case 2: path.addQuadCurve(to: input.point(), control: input.point())
        case 3: path.addCurve(to: input.point(), control1: input.point(), control2: input.point())
        case 4: path.closeSubpath()
        default: path.addEllipse(in: CGRect(origin: input.point(), size: CGSize(width: input.coordinate(),
                                                                                height: input.coordinate())))
        }
    }
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
