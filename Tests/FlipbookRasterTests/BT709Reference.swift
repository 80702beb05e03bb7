import FlipbookCore

/// The BT.709 limited-range formula, evaluated in floating point: the converter's specification.
struct ReferenceConverter {
    let background: (r: Double, g: Double, b: Double)

    init(_ colour: Color) {
        let a = colour.opacity
        background = (colour.red * a * 255, colour.green * a * 255, colour.blue * a * 255)
    }

    /// Flattened, non-premultiplied-over-background RGB in 0…255 (not rounded).
    func flatten(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> (Double, Double, Double) {
        let inv = Double(255 - Int(p.a)) / 255
        return (Double(p.r) + inv * background.r, Double(p.g) + inv * background.g, Double(p.b) + inv * background.b)
    }

    func y(_ rgb: (Double, Double, Double)) -> Double {
        16 + 219 * (0.2126 * rgb.0 + 0.7152 * rgb.1 + 0.0722 * rgb.2) / 255
    }

    func cbcr(_ rgb: (Double, Double, Double)) -> (Double, Double) {
        let luma = 0.2126 * rgb.0 + 0.7152 * rgb.1 + 0.0722 * rgb.2
        return (128 + 224 * (rgb.2 - luma) / 1.8556 / 255, 128 + 224 * (rgb.0 - luma) / 1.5748 / 255)
    }
}
