/// Floor and ceiling by way of a conversion to `Int`, for the fast paths' pixel boxes. Without SSE4.1
/// (x86-64's baseline) `rounded(.down)` and `rounded(.up)` are calls into libm, which added up where a
/// path makes several per shape or per row. The value's integer part must fit an `Int`: callers bound
/// their coordinates first.
package enum WholePixels {
    @inline(__always)
    package static func floor(_ x: Double) -> Int {
        let i = Int(x)
        return Double(i) > x ? i - 1 : i
    }

    @inline(__always)
    package static func ceiling(_ x: Double) -> Int {
        let i = Int(x)
        return Double(i) < x ? i + 1 : i
    }

    /// A `Float` widens to `Double` exactly (one instruction).
    @inline(__always)
    package static func floor(_ x: Float) -> Int { floor(Double(x)) }

    @inline(__always)
    package static func ceiling(_ x: Float) -> Int { ceiling(Double(x)) }
}
