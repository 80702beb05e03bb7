// The fast-fill fuzz targets' reading of bytes as a drawing (shared by FastFill and FastFillVsCairo;
// scripts/fuzz.sh compiles it into both).
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

extension FuzzInput {
    /// A transform, a style byte and a path of up to 64 elements, read in that order.
    mutating func drawing() -> (CGAffineTransform, UInt8, Path) {
        let transform = CGAffineTransform(a: coordinate(), b: coordinate(), c: coordinate(),
                                          d: coordinate(), tx: coordinate(), ty: coordinate())
        let style = byte()
        var path = Path()
        var elements = 0
        while !isAtEnd && elements < 64 {
            elements += 1
            switch byte() % 6 {
            case 0: path.move(to: point())
            case 1: path.addLine(to: point())
            case 2: path.addQuadCurve(to: point(), control: point())
            case 3: path.addCurve(to: point(), control1: point(), control2: point())
            case 4: path.closeSubpath()
            default:
                path.addEllipse(in: CGRect(origin: point(), size: CGSize(width: coordinate(), height: coordinate())))
            }
        }
        return (transform, style, path)
    }
}
