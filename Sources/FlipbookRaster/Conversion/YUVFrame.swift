import FlipbookCore

/// One picture in 8-bit planar YUV 4:2:0 (BT.709, limited range), the encoder's input.
///
/// The planes cover the *encoded* size, which is the picture size rounded up to even numbers because
/// 4:2:0 stores one chroma sample per 2×2 pixels. An odd-sized picture is padded by repeating its
/// last column and row (see ``convert(_:background:into:)``), so the padding is invisible at normal
/// viewing and the picture's own pixels are unchanged.
///
/// A `YUVFrame` is a plain value (`Sendable`): drawing workers convert into their own frames and hand
/// them to the encoder's thread. Its buffers are reused when it is converted into again at the same
/// size, so a pool of frames costs no allocations per frame.
package struct YUVFrame: Sendable {
    /// The picture's width in pixels (may be odd).
    package private(set) var width: Int
    /// The picture's height in pixels (may be odd).
    package private(set) var height: Int
    /// Luma samples, `lumaHeight` rows of `lumaWidth` bytes.
    package internal(set) var y: [UInt8]
    /// Cb samples, `chromaHeight` rows of `chromaWidth` bytes.
    package internal(set) var u: [UInt8]
    /// Cr samples, `chromaHeight` rows of `chromaWidth` bytes.
    package internal(set) var v: [UInt8]
    /// What the planes hold outside `dirty`, when known: every sample there is the conversion of the
    /// bitmap pixel `pixel` with `coefficients`. Lets the next conversion into this frame rewrite only
    /// the tiles that changed (see ``convert(_:coefficients:into:)``). Planes are written only in this
    /// module, so nothing else can make it stale.
    package internal(set) var cleared: (pixel: UInt32, coefficients: YUVCoefficients, dirty: DirtyTiles)?

    /// Creates a frame for a `width × height` picture, filled with black (Y 16, Cb/Cr 128).
    package init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "YUVFrame needs a positive size")
        self.width = width
        self.height = height
        let (lw, lh) = Self.encodedSize(width: width, height: height)
        y = [UInt8](repeating: 16, count: lw * lh)
        u = [UInt8](repeating: 128, count: lw / 2 * lh / 2)
        v = [UInt8](repeating: 128, count: lw / 2 * lh / 2)
    }

    /// The encoded size for a picture: each side rounded up to an even number.
    package static func encodedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (width + (width & 1), height + (height & 1))
    }

    /// Width of the luma plane (the encoded width).
    package var lumaWidth: Int { width + (width & 1) }
    /// Height of the luma plane (the encoded height).
    package var lumaHeight: Int { height + (height & 1) }
    /// Width of each chroma plane.
    package var chromaWidth: Int { lumaWidth / 2 }
    /// Height of each chroma plane.
    package var chromaHeight: Int { lumaHeight / 2 }

    /// Calls `body` with the writable Y, Cb and Cr planes (rows of ``lumaWidth`` and ``chromaWidth``
    /// bytes), for code that fills a frame itself. Whatever the planes held before is forgotten.
    package mutating func withUnsafeMutablePlanes<R>(
        _ body: (UnsafeMutableBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>,
                 UnsafeMutableBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        cleared = nil
        return try y.withUnsafeMutableBufferPointer { y in
            try u.withUnsafeMutableBufferPointer { u in
                try v.withUnsafeMutableBufferPointer { v in try body(y, u, v) }
            }
        }
    }

    /// Makes this frame `width × height`, reallocating only when the size changes.
    package mutating func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self = YUVFrame(width: width, height: height)
    }
}
