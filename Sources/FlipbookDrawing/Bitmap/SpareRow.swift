import CCairo
import Foundation

/// Bitmaps' pixel memory ends with one row to spare, after the last row of the picture.
///
/// rlottie (0.1) zeroes `height × row length` bytes from the first pixel of the box it draws, so a
/// Lottie frame drawn straight into a bitmap at a column other than 0 zeroes the start of the row
/// below its box; at the bottom of the picture that is past the last row. The spare row lets such a
/// frame be drawn in place there too, rather than into a buffer of its own and copied. It is never
/// part of the picture: nothing reads it, and it holds whatever was last written there.
enum SpareRow {
    /// Cairo's key for the memory of surfaces made by ``surface(width:height:)``; its address is the key.
    // nonisolated(unsafe): Cairo only compares the address; nothing is ever stored through it.
    nonisolated(unsafe) private static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// A transparent ARGB32 image surface of `width` × `height` pixels whose memory has a spare row
    /// after the last; `nil` when the memory cannot be had. The caller checks the surface's status.
    static func surface(width: Int32, height: Int32) -> OpaquePointer? {
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        guard stride > 0, height > 0 else { return nil }
        let (rows, overflow) = Int(height).addingReportingOverflow(1)
        let (bytes, overflows) = Int(stride).multipliedReportingOverflow(by: rows)
        // Zeroed, as Cairo's own image surfaces are: a new bitmap is transparent.
        guard !overflow, !overflows, let memory = calloc(bytes, 1) else { return nil }
        guard let surface = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self),
                                                                CAIRO_FORMAT_ARGB32, width, height, stride)
        else {
            free(memory)
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_surface_set_user_data(surface, key, memory, { free($0) }) == CAIRO_STATUS_SUCCESS
        else {
            // An error surface or no room for the user data: Cairo does not own the memory.
            cairo_surface_destroy(surface)
            free(memory)
            return nil
        }
        return surface
    }

    /// The bytes that may be written after the last row of `surface`: a row's worth for the surfaces
    /// made here, none for any other.
    static func bytes(after surface: OpaquePointer) -> Int {
        guard cairo_surface_get_user_data(surface, key) != nil else { return 0 }
        return Int(cairo_image_surface_get_stride(surface))
    }
}
