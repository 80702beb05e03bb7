import CCairo
import Foundation

/// Where Cairo's PDF or SVG writer sends its bytes (through `cairo_*_surface_create_for_stream`):
/// a file, or memory.
///
/// Cairo's own file output reports any failed write as `CAIRO_STATUS_WRITE_ERROR` and forgets the
/// reason; writing through this stream keeps `errno` (in ``OutputDescriptor/failure``), so a full
/// disk is reported as one, naming the file.
final class VectorStream {
    /// The file the bytes go to, or `nil` to collect them in ``collected``.
    let file: OutputDescriptor?
    /// The bytes written so far, when writing to memory.
    private(set) var collected = Data()

    init(file: OutputDescriptor?) {
        self.file = file
    }

    /// Cairo's write callback; the closure argument is an unretained `VectorStream`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let stream = Unmanaged<VectorStream>.fromOpaque(closure).takeUnretainedValue()
        let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : Int(length))
        if let file = stream.file {
            return file.write(bytes) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
        }
        stream.collected.append(contentsOf: bytes)
        return CAIRO_STATUS_SUCCESS
    }
}
