import FlipbookDrawing
import Foundation

// Geometry in scene files: a size is [w, h] or {"width", "height"}; a point [x, y] or {"x", "y"};
// a vector [dx, dy] or {"dx", "dy"}; a rectangle [x, y, w, h] or {"x", "y", "width", "height"}.
// Writing always uses the list forms.

extension ValueCodec where Value == CGSize {
    package static var size: ValueCodec {
        ValueCodec(typeName: "[width, height]", expected: "a size [width, height] or {\"width\", \"height\"}",
                   read: { json, keyPath, requirement in
                       let n = try json.numbers(["width", "height"], keyPath, requirement)
                       return CGSize(width: n[0], height: n[1])
                   },
                   write: { .numbers([Double($0.width), Double($0.height)]) },
                   numbers: { [Double($0.width), Double($0.height)] })
    }
}

extension ValueCodec where Value == CGPoint {
    package static var point: ValueCodec {
        ValueCodec(typeName: "[x, y]", expected: "a point [x, y] or {\"x\", \"y\"}",
                   read: { json, keyPath, requirement in
                       let n = try json.numbers(["x", "y"], keyPath, requirement)
                       return CGPoint(x: n[0], y: n[1])
                   },
                   write: { .numbers([Double($0.x), Double($0.y)]) },
                   numbers: { [Double($0.x), Double($0.y)] })
    }
}

extension ValueCodec where Value == UnitPoint {
    /// A point relative to the canvas: `[0.5, 0.5]` is its centre.
    package static var unitPoint: ValueCodec {
        ValueCodec(typeName: "[x, y]", expected: "a point [x, y] or {\"x\", \"y\"} relative to the canvas",
                   read: { json, keyPath, requirement in
                       let n = try json.numbers(["x", "y"], keyPath, requirement)
                       return UnitPoint(x: n[0], y: n[1])
                   },
                   write: { .numbers([Double($0.x), Double($0.y)]) },
                   numbers: { [Double($0.x), Double($0.y)] })
    }
}

extension ValueCodec where Value == CGVector {
    package static var vector: ValueCodec {
        ValueCodec(typeName: "[dx, dy]", expected: "a vector [dx, dy] or {\"dx\", \"dy\"}",
                   read: { json, keyPath, requirement in
                       let n = try json.numbers(["dx", "dy"], keyPath, requirement)
                       return CGVector(dx: n[0], dy: n[1])
                   },
                   write: { .numbers([Double($0.dx), Double($0.dy)]) },
                   numbers: { [Double($0.dx), Double($0.dy)] })
    }
}

extension ValueCodec where Value == CGRect {
    package static var rect: ValueCodec {
        ValueCodec(typeName: "[x, y, width, height]",
                   expected: "a rectangle [x, y, width, height] or {\"x\", \"y\", \"width\", \"height\"}",
                   read: { json, keyPath, requirement in
                       let n = try json.numbers(["x", "y", "width", "height"], keyPath, requirement)
                       return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
                   },
                   // The fields as given (minX would flip a negative width round).
                   write: { .numbers([Double($0.origin.x), Double($0.origin.y), Double($0.size.width), Double($0.size.height)]) },
                   numbers: { [Double($0.origin.x), Double($0.origin.y), Double($0.size.width), Double($0.size.height)] })
    }
}
