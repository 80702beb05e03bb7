// libFuzzer target: any bytes to the image decoders' one entry, Bitmap(imageData:path:), which tells
// PNG (Cairo and libpng), JPEG (libjpeg-turbo) and WebP (libwebp) apart by their first bytes. Each
// must decode or throw; a decoded bitmap's last pixel is read, so a bitmap smaller than its size
// says is caught by AddressSanitizer.
import FlipbookDrawing
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func imageFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard let bitmap = try? Bitmap(imageData: data, path: "fuzz input") else { return 0 }
    _ = bitmap.pixel(x: bitmap.width - 1, y: bitmap.height - 1)
    return 0
}
