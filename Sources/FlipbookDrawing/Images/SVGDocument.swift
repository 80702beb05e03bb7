import CCairo
import CRsvg
import Foundation

/// One parsed SVG document: the librsvg handle, its one owner, and the lock that keeps its renders
/// one at a time (a handle is not safe to use from two threads at once; frames draw in parallel).
final class SVGDocument: @unchecked Sendable {
    // @unchecked: the handle is used only under `lock`, and never changes after init.
    private let handle: UnsafeMutablePointer<RsvgHandle>
    private let lock = NSLock()
    /// The document's intrinsic size in points (CSS pixels).
    let size: CGSize

    /// Parses `data`; `path` names the file in messages.
    init(data: Data, path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        let made = data.withUnsafeBytes { bytes -> UnsafeMutablePointer<RsvgHandle>? in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return rsvg_handle_new_from_data(base, gsize(bytes.count), &error)
        }
        guard let made else {
            throw FlipbookError.invalidInput("\(path) is not an SVG image Flipbook can read: \(takeMessage(&error)).")
        }
        handle = made
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(made, &width, &height) == 0 {
            // No absolute width and height (or percentages): the viewBox gives the size.
            var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
            var w = RsvgLength(), h = RsvgLength(), viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(made, &hasWidth, &w, &hasHeight, &h, &hasViewBox, &viewBox)
            (width, height) = hasViewBox != 0 ? (viewBox.width, viewBox.height) : (0, 0)
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw FlipbookError.invalidInput(
                "\(path) is an SVG image without a size: give its <svg> element width and height, or a viewBox.")
        }
        size = CGSize(width: width, height: height)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// Renders the whole document into `cr`, its intrinsic box filling (0, 0, width, height) in `cr`'s
    /// user space.
    func render(into cr: OpaquePointer) throws {
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        var error: UnsafeMutablePointer<GError>?
        lock.lock()
        let rendered = rsvg_handle_render_document(handle, cr, &viewport, &error)
        lock.unlock()
        guard rendered != 0 else {
            throw FlipbookError(.internal, "draw SVG image: librsvg reports \"\(takeMessage(&error))\".")
        }
    }
}

/// The message of `error`, which is then freed and cleared ("unknown error" without one).
private func takeMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String {
    guard let e = error else { return "unknown error" }
    let message = e.pointee.message.map { String(cString: $0) } ?? "unknown error"
    g_error_free(e)
    error = nil
    return message
}
