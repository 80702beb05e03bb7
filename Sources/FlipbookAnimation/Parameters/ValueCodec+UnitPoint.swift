import FlipbookDrawing
import Foundation

// A unit point of a layer's box: [x, y] (fractions of the box) or one of SwiftUI's names, "center",
// "topLeading", …; the canvas-relative `unitPoint` has no names.

extension ValueCodec where Value == UnitPoint {
    /// SwiftUI's named unit points.
    static let unitPointNames: [(name: String, value: UnitPoint)] = [
        ("center", .center), ("leading", .leading), ("trailing", .trailing), ("top", .top), ("bottom", .bottom),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing), ("bottomLeading", .bottomLeading),
        ("bottomTrailing", .bottomTrailing),
    ]

    static var unitPointInBox: ValueCodec {
        let names = unitPointNames.map(\.name)
        return ValueCodec(
            typeName: "[x, y] or name",
            expected: "a unit point [x, y] (0 to 1 across the box) or one of " + names.joined(separator: ", "),
            read: { json, keyPath, requirement in
                if case .string(let name) = json.content {
                    guard let match = unitPointNames.first(where: { $0.name == name }) else {
                        throw json.unknownName(name, keyPath, requirement, among: names)
                    }
                    return match.value
                }
                let n = try json.numbers(["x", "y"], keyPath, requirement)
                return UnitPoint(x: n[0], y: n[1])
            },
            write: { point in
                if let named = unitPointNames.first(where: { $0.value == point }) { return .string(named.name) }
                return .numbers([Double(point.x), Double(point.y)])
            },
            numbers: { [Double($0.x), Double($0.y)] })
    }
}
