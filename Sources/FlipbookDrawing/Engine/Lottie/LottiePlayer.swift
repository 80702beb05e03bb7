import CRlottie
import Foundation

/// rlottie's animations for one checked Lottie JSON: the one owner of every `Lottie_Animation` it
/// makes, which it frees.
///
/// An rlottie animation draws one frame at a time, and frames are drawn in parallel, so the player
/// keeps a pool: a render takes an idle animation (making one when none is idle) and puts it back.
/// Each is made from the same bytes with the same overrides, so every one draws the same pixels.
final class LottiePlayer: @unchecked Sendable {
    // @unchecked: `idle` is touched only under `lock`; an animation is used by one render at a time.
    private let json: [CChar]
    private let overrides: [LottieOverride]
    private let source: String
    private var idle: [OpaquePointer] = []
    private var all: [OpaquePointer] = []
    private let lock = NSLock()
    /// The number in the next animation's cache key.
    private static let nextKey = KeyCounter()

    /// Makes the first animation now, so a file rlottie cannot read is refused when it is loaded.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) when rlottie cannot read `json`.
    init(json: Data, source: String, overrides: [LottieOverride]) throws {
        var text = [CChar](repeating: 0, count: json.count + 1)
        json.withUnsafeBytes { bytes in
            text.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[...])) }
        }
        self.json = text
        self.overrides = overrides
        self.source = source
        let first = try makeAnimation()
        idle.append(first)
    }

    deinit {
        for animation in all { lottie_animation_destroy(animation) }
    }

    /// A new rlottie animation with the overrides applied, recorded in `all`.
    private func makeAnimation() throws -> OpaquePointer {
        // rlottie keeps the last ten models it parsed by key and hands a cached one to a later animation
        // with the same key. A key of its own gives each animation a model of its own, so nothing of a
        // parsed model is shared between animations drawing on different threads (the cache still holds
        // up to ten models until later loads push them out).
        let key = "flipbook-lottie-\(LottiePlayer.nextKey.add(1))"
        let made = json.withUnsafeBufferPointer { text in
            lottie_animation_from_data(text.baseAddress, key, "")
        }
        guard let made else {
            throw FlipbookError(.invalidInput, "\(source) passed Flipbook's checks, but rlottie cannot read it as a Lottie animation.",
                                at: .init(file: source))
        }
        for override in overrides { apply(override, to: made) }
        lock.withLock { all.append(made) }
        return made
    }

    /// Draws frame `frame` (0 is the first) into premultiplied ARGB32 pixels of `width` × `height`
    /// with rows `bytesPerRow` apart, the animation stretched to fill them.
    func render(frame: Int, into pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) throws {
        guard frame >= 0, width > 0, height > 0, bytesPerRow >= width * 4 else {
            throw FlipbookError(.internal, "draw Lottie: frame \(frame) at \(width) × \(height) cannot be drawn.")
        }
        let animation = try lock.withLock { idle.popLast() } ?? makeAnimation()
        defer { lock.withLock { idle.append(animation) } }
        lottie_animation_render(animation, frame, pixels.assumingMemoryBound(to: UInt32.self), width, height, bytesPerRow)
    }

    /// Applies one override through the shim's fixed-arity wrappers of the variadic C call.
    private func apply(_ override: LottieOverride, to animation: OpaquePointer) {
        override.keypath.withCString { keypath in
            switch override.property {
            case .fillColor(let c):
                flipbook_lottie_override3(animation, LOTTIE_ANIMATION_PROPERTY_FILLCOLOR, keypath, c.red, c.green, c.blue)
            case .strokeColor(let c):
                flipbook_lottie_override3(animation, LOTTIE_ANIMATION_PROPERTY_STROKECOLOR, keypath, c.red, c.green, c.blue)
            case .fillOpacity(let value):
                flipbook_lottie_override1(animation, LOTTIE_ANIMATION_PROPERTY_FILLOPACITY, keypath, value * 100)
            case .strokeOpacity(let value):
                flipbook_lottie_override1(animation, LOTTIE_ANIMATION_PROPERTY_STROKEOPACITY, keypath, value * 100)
            case .strokeWidth(let value):
                flipbook_lottie_override1(animation, LOTTIE_ANIMATION_PROPERTY_STROKEWIDTH, keypath, value)
            case .rotation(let angle):
                flipbook_lottie_override1(animation, LOTTIE_ANIMATION_PROPERTY_TR_ROTATION, keypath, angle.degrees)
            case .position(let p):
                flipbook_lottie_override2(animation, LOTTIE_ANIMATION_PROPERTY_TR_POSITION, keypath, Double(p.x), Double(p.y))
            case .scale(let s):
                flipbook_lottie_override2(animation, LOTTIE_ANIMATION_PROPERTY_TR_SCALE, keypath,
                                          Double(s.width) * 100, Double(s.height) * 100)
            }
        }
    }
}

/// A counter shared by every thread: the cache keys of rlottie's animations.
private final class KeyCounter: @unchecked Sendable {
    // @unchecked: `value` is touched only under `lock`.
    private var value = 0
    private let lock = NSLock()

    /// The count before adding `n`.
    func add(_ n: Int) -> Int {
        lock.withLock {
            defer { value += n }
            return value
        }
    }
}
