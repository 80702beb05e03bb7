import FlipbookAnimation
import FlipbookDrawing
import Foundation

// A layer's placement and compositing in scene files: anchors by name or as [x, y], a scale as one
// number or [sx, sy], blend modes by SwiftUI's names.

extension UnitPoint {
    /// SwiftUI's named unit points.
    static let namedPoints: [(name: String, value: UnitPoint)] = [
        ("center", .center), ("top", .top), ("bottom", .bottom), ("leading", .leading), ("trailing", .trailing),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing), ("bottomLeading", .bottomLeading),
        ("bottomTrailing", .bottomTrailing),
    ]
}

extension ValueCodec where Value == UnitPoint {
    /// A point of a box: SwiftUI's name (`"topLeading"`) or `[x, y]` as fractions of the box.
    static var boxPoint: ValueCodec {
        let names = UnitPoint.namedPoints.map(\.name)
        let expected = "a unit point of the box: [x, y] (0 to 1 across it) or one of " + names.joined(separator: ", ")
        return ValueCodec(
            typeName: "[x, y] or name", expected: expected,
            read: { json, keyPath, requirement in
                if case .string(let name) = json.content {
                    guard let point = UnitPoint.namedPoints.first(where: { $0.name == name })?.value else {
                        throw json.unknownName(name, keyPath, requirement, among: names)
                    }
                    return point
                }
                let n = try json.numbers(["x", "y"], keyPath, requirement)
                return UnitPoint(x: n[0], y: n[1])
            },
            write: { point in
                if let name = UnitPoint.namedPoints.first(where: { $0.value == point })?.name { return .string(name) }
                return .numbers([Double(point.x), Double(point.y)])
            },
            numbers: { [Double($0.x), Double($0.y)] })
    }
}

extension ValueCodec where Value == CGSize {
    /// A scale: one number for both axes, or `[sx, sy]`.
    static var scaleFactors: ValueCodec {
        ValueCodec(
            typeName: "number or [sx, sy]", expected: "a number or [sx, sy]",
            read: { json, keyPath, requirement in
                if case .number(let s, _) = json.content { return CGSize(width: s, height: s) }
                let n = try json.numbers(["sx", "sy"], keyPath, requirement)
                return CGSize(width: n[0], height: n[1])
            },
            write: { $0.width == $0.height ? .number(Double($0.width)) : .numbers([Double($0.width), Double($0.height)]) },
            numbers: { [Double($0.width), Double($0.height)] })
    }
}

extension GraphicsContext.BlendMode {
    /// Each blend mode's SwiftUI name, in raw-value order.
    static let names: [(name: String, value: GraphicsContext.BlendMode)] = [
        ("normal", .normal), ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay),
        ("darken", .darken), ("lighten", .lighten), ("colorDodge", .colorDodge), ("colorBurn", .colorBurn),
        ("softLight", .softLight), ("hardLight", .hardLight), ("difference", .difference),
        ("exclusion", .exclusion), ("hue", .hue), ("saturation", .saturation), ("color", .color),
        ("luminosity", .luminosity), ("clear", .clear), ("copy", .copy), ("sourceIn", .sourceIn),
        ("sourceOut", .sourceOut), ("sourceAtop", .sourceAtop), ("destinationOver", .destinationOver),
        ("destinationIn", .destinationIn), ("destinationOut", .destinationOut),
        ("destinationAtop", .destinationAtop), ("xor", .xor), ("plusDarker", .plusDarker),
        ("plusLighter", .plusLighter),
    ]
}

extension ValueCodec where Value == GraphicsContext.BlendMode {
    /// A blend mode by SwiftUI's name.
    static var blendMode: ValueCodec {
        let choice = ValueCodec.choice(GraphicsContext.BlendMode.names)
        // The full list of 28 names is in the message; the reference's type column names a few.
        return ValueCodec(typeName: "blend mode", expected: "a blend mode: " + GraphicsContext.BlendMode.names.map(\.name)
                              .joined(separator: ", "),
                          read: choice.read, write: choice.write)
    }
}
