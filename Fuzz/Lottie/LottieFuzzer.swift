// libFuzzer target: any bytes through Flipbook's own checks of a Lottie file and, when they accept
// it, through rlottie. The first byte picks how the rest is read (its low two bits): 0, as they are
// (JSON, or a `.lottie` container, a lottie-android zip or a `.tgs` sticker, each told by its
// signature); 1, as a `.lottie` container — the bytes themselves when they start with a zip signature,
// otherwise a container made here around them (manifest.json and animations/a.json); 2, as a `.tgs`
// sticker made here (the bytes gzip-compressed); 3, as a lottie-android zip made here (data.json, no
// manifest). A file the checks accept must load in rlottie or be refused with a FlipbookError (naming
// the part rlottie stops at when it can), and its first, middle and last frames are drawn small; a
// crash inside rlottie on an accepted file means the checks must refuse that shape of input.
import CZlib
import FlipbookDrawing
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func lottieFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0 else { return 0 }
    var data = Data(bytes: bytes + 1, count: count - 1)
    let isZip = data.starts(with: [0x50, 0x4B, 0x03, 0x04])
    switch bytes[0] & 3 {
    case 1 where !isZip:
        data = storedZip([("manifest.json", Data(#"{"version":"1","animations":[{"id":"a"}]}"#.utf8)),
                          ("animations/a.json", data)])
    case 2:
        guard let compressed = gzipped(data) else { return 0 }
        data = compressed
    case 3:
        data = storedZip([("data.json", data), ("__MACOSX/._data.json", Data([0, 5, 22, 7]))])
    default:
        break
    }
    // Images named by a JSON file are looked for in a folder that does not exist.
    let folder = URL(fileURLWithPath: "/nonexistent/flipbook-fuzz-lottie")
    guard let animation = try? LottieAnimation(data: data, source: "fuzz.json", baseDirectory: folder) else { return 0 }
    // Small frames: the animation fit into 16 points on its longer side, drawn at 1:1.
    let longer = max(animation.size.width, animation.size.height)
    let width = max(1, Int((16 * animation.size.width / longer).rounded(.up)))
    let height = max(1, Int((16 * animation.size.height / longer).rounded(.up)))
    guard var bitmap = try? Bitmap(width: width, height: height) else { return 0 }
    for frame in Set([0, animation.frameCount / 2, animation.frameCount - 1]).sorted() {
        bitmap.draw { context, size in
            context.draw(animation, in: CGRect(origin: .zero, size: size), frame: frame)
        }
    }
    _ = bitmap.pixel(x: width - 1, y: height - 1)
    return 0
}

/// A zip archive of `files`, stored (not deflated).
func storedZip(_ files: [(name: String, data: Data)]) -> Data {
    var out = Data(), directory = Data()
    func le16(_ value: Int, _ into: inout Data) { into.append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
    func le32(_ value: Int, _ into: inout Data) { le16(value & 0xFFFF, &into); le16(value >> 16 & 0xFFFF, &into) }
    for file in files {
        let crc = file.data.withUnsafeBytes { Int(crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count))) }
        let name = Data(file.name.utf8), offset = out.count
        le32(0x0403_4B50, &out); le16(20, &out); le16(0, &out); le16(0, &out); le32(0, &out)
        le32(crc, &out); le32(file.data.count, &out); le32(file.data.count, &out); le16(name.count, &out); le16(0, &out)
        out += name + file.data
        le32(0x0201_4B50, &directory); le16(20, &directory); le16(20, &directory); le16(0, &directory); le16(0, &directory)
        le32(0, &directory); le32(crc, &directory); le32(file.data.count, &directory); le32(file.data.count, &directory)
        le16(name.count, &directory); le16(0, &directory); le16(0, &directory); le16(0, &directory); le16(0, &directory)
        le32(0, &directory); le32(offset, &directory)
        directory += name
    }
    let directoryOffset = out.count
    out += directory
    le32(0x0605_4B50, &out); le16(0, &out); le16(0, &out); le16(files.count, &out); le16(files.count, &out)
    le32(directory.count, &out); le32(directoryOffset, &out); le16(0, &out)
    return out
}

/// `data` gzip-compressed (zlib's deflate with a gzip header and trailer), or `nil` when zlib fails.
func gzipped(_ data: Data) -> Data? {
    var stream = z_stream()
    guard deflateInit2_(&stream, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                        Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    var input = [UInt8](data)
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
    let status = input.withUnsafeMutableBufferPointer { inBuffer in
        output.withUnsafeMutableBufferPointer { outBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            stream.next_out = outBuffer.baseAddress
            stream.avail_out = uInt(outBuffer.count)
            return deflate(&stream, Z_FINISH)
        }
    }
    guard status == Z_STREAM_END else { return nil }
    return Data(output.prefix(Int(stream.total_out)))
}
