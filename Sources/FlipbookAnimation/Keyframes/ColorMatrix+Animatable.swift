import FlipbookDrawing
import Foundation

/// A colour matrix's twenty entries as one vector, so a `colorMatrix` filter can be keyframed.
public struct ColorMatrixVector: VectorArithmetic, Equatable {
    /// The entries, row by row (r1…r5, g1…g5, b1…b5, a1…a5).
    public var entries: [Double]

    /// A vector of the twenty `entries`; missing entries are 0.
    public init(_ entries: [Double]) {
        self.entries = Array((entries + Array(repeating: 0, count: 20)).prefix(20))
    }

    public static var zero: ColorMatrixVector { ColorMatrixVector([]) }
    public static func + (lhs: ColorMatrixVector, rhs: ColorMatrixVector) -> ColorMatrixVector {
        ColorMatrixVector(zip(lhs.entries, rhs.entries).map { $0 + $1 })
    }
    public static func - (lhs: ColorMatrixVector, rhs: ColorMatrixVector) -> ColorMatrixVector {
        ColorMatrixVector(zip(lhs.entries, rhs.entries).map { $0 - $1 })
    }
    public mutating func scale(by rhs: Double) { entries = entries.map { $0 * rhs } }
    public var magnitudeSquared: Double { entries.reduce(0) { $0 + $1 * $1 } }
}

extension ColorMatrix: Animatable {
    public var animatableData: ColorMatrixVector {
        get { ColorMatrixVector(entries.map(Double.init)) }
        set {
            let n = newValue.entries.map { Float($0) }
            (r1, r2, r3, r4, r5) = (n[0], n[1], n[2], n[3], n[4])
            (g1, g2, g3, g4, g5) = (n[5], n[6], n[7], n[8], n[9])
            (b1, b2, b3, b4, b5) = (n[10], n[11], n[12], n[13], n[14])
            (a1, a2, a3, a4, a5) = (n[15], n[16], n[17], n[18], n[19])
        }
    }

    /// The twenty entries, row by row.
    package var entries: [Float] {
        [r1, r2, r3, r4, r5, g1, g2, g3, g4, g5, b1, b2, b3, b4, b5, a1, a2, a3, a4, a5]
    }
}
