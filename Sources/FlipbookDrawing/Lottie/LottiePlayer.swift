import CRlottie
import Foundation

/// rlottie's animations for one checked Lottie JSON: the one owner of every `Lottie_Animation` it
/// makes, which it frees.
///
/// An rlottie animation draws one frame at a time, and frames are drawn in parallel, so the player
/// keeps a pool: a render takes an idle animation (making one when none is idle) and puts it back.
/// Each is made from the same bytes with the same overrides, so every one draws the same pixels.
/// Each keeps the buffer it last drew a frame of its own into, so a worker drawing frame after frame
/// reuses one buffer rather than allocating and zeroing a new one per frame.
final class LottiePlayer: @unchecked Sendable {
    // @unchecked: `idle` and `all` are touched only under `lock`; a renderer is used by one render at a time.
    private let json: [CChar]
    private let overrides: [LottieOverride]
    private let source: String
    private var idle: [Renderer] = []
    private var all: [Renderer] = []
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

    /// One rlottie animation of the pool, which it frees, and the buffer it draws frames of its own into.
    private final class Renderer {
        let animation: OpaquePointer
        private var buffer: UnsafeMutableRawPointer?
        private var capacity = 0

        init(_ animation: OpaquePointer) {
            self.animation = animation
        }

        deinit {
            buffer?.deallocate()
            lottie_animation_destroy(animation)
        }

        /// A buffer of at least `bytes` bytes, the one from the last call when it is large enough.
        func buffer(bytes: Int) -> UnsafeMutableRawPointer {
            if let buffer, capacity >= bytes { return buffer }
            buffer?.deallocate()
            let made = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            buffer = made
            capacity = bytes
            return made
        }
    }

    /// Whether rlottie reads `json` as an animation (one made for the question and freed at once).
    static func loads(_ json: Data) -> Bool {
        var text = [CChar](repeating: 0, count: json.count + 1)
        json.withUnsafeBytes { bytes in
            text.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[...])) }
        }
        let key = "flipbook-lottie-\(nextKey.add(1))"
        guard let made = text.withUnsafeBufferPointer({ lottie_animation_from_data($0.baseAddress, key, "") }) else {
            return false
        }
        lottie_animation_destroy(made)
        return true
    }

    /// A new rlottie animation with the overrides applied, recorded in `all`.
    private func makeAnimation() throws -> Renderer {
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
        let renderer = Renderer(made)
        for override in overrides { apply(override, to: made) }
        lock.withLock { all.append(renderer) }
        return renderer
    }

    /// Draws frame `frame` (0 is the first) into premultiplied ARGB32 pixels of `width` × `height`
    /// with rows `bytesPerRow` apart, the animation stretched to fill them. rlottie first clears
    /// `height × bytesPerRow` bytes from `pixels` (the Debian build, 0.1; later versions draw over them).
    func render(frame: Int, into pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) throws {
        try check(frame: frame, width: width, height: height, bytesPerRow: bytesPerRow)
        try withRenderer { renderer in
            lottie_animation_render(renderer.animation, frame, pixels.assumingMemoryBound(to: UInt32.self), width, height,
                                    bytesPerRow)
        }
    }

    /// Draws frame `frame` into a `width` × `height` buffer of the renderer's own, reused from call to
    /// call, and hands `body` its pixels and row length; they are valid only inside `body`.
    func render<R>(frame: Int, width: Int, height: Int, _ body: (UnsafeRawPointer, _ bytesPerRow: Int) throws -> R) throws -> R {
        let (bytesPerRow, overflow) = width.multipliedReportingOverflow(by: 4)
        let (bytes, overflows) = bytesPerRow.multipliedReportingOverflow(by: height)
        guard !overflow, !overflows else {
            throw FlipbookError(.internal, "draw Lottie: frame \(frame) at \(width) × \(height) cannot be drawn.")
        }
        try check(frame: frame, width: width, height: height, bytesPerRow: bytesPerRow)
        return try withRenderer { renderer in
            let pixels = renderer.buffer(bytes: bytes)
            lottie_animation_render(renderer.animation, frame, pixels.assumingMemoryBound(to: UInt32.self), width, height,
                                    bytesPerRow)
            return try body(UnsafeRawPointer(pixels), bytesPerRow)
        }
    }

    private func check(frame: Int, width: Int, height: Int, bytesPerRow: Int) throws {
        guard frame >= 0, width > 0, height > 0, bytesPerRow >= width * 4 else {
            throw FlipbookError(.internal, "draw Lottie: frame \(frame) at \(width) × \(height) cannot be drawn.")
        }
    }

    /// Runs `body` with an idle renderer (made when none is idle), then puts it back.
    private func withRenderer<R>(_ body: (Renderer) throws -> R) throws -> R {
        let renderer = try lock.withLock { idle.popLast() } ?? makeAnimation()
        defer { lock.withLock { idle.append(renderer) } }
        return try body(renderer)
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
