import CFFmpeg
import Foundation
import FlipbookVideo

// The one RGBA decoder, for the video, render and command-line tests alike.

/// One decoded picture as straight 8-bit RGBA, whatever the stream's pixel format.
public struct DecodedPicture: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let o = (y * width + x) * 4
        return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]), Int(pixels[o + 3]))
    }
}

/// What tests learn about any clip by decoding it with libavformat/libavcodec.
public struct DecodedClip: Sendable {
    public var containerName = ""
    public var codecName = ""
    /// The stream's pixel format as the demuxer reports it.
    public var streamPixelFormat = ""
    /// The pixel format of the decoded frames.
    public var framePixelFormat = ""
    public var codecTag = ""
    public var alphaMode: String?
    public var frameTimes: [Double] = []
    public var frames: [DecodedPicture] = []
    public var frameCount: Int { frameTimes.count }
}

/// Decodes every frame of `url` to RGBA. VP9 is decoded by libvpx, the decoder that reads the
/// alpha channel WebM keeps beside the picture.
public func decodeClip(_ url: URL) throws -> DecodedClip {
    var clip = DecodedClip()
    try decodeEachFrame(url, decoder: { id in
        id == AV_CODEC_ID_VP9 ? avcodec_find_decoder_by_name("libvpx-vp9") : avcodec_find_decoder(id)
    }, inspect: { format, stream in
        clip.containerName = String(cString: format.pointee.iformat.pointee.name)
        let parameters = stream.pointee.codecpar.pointee
        clip.codecName = String(cString: avcodec_get_name(parameters.codec_id))
        clip.streamPixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format)).map { String(cString: $0) } ?? "?"
        let tag = parameters.codec_tag
        clip.codecTag = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }, as: UTF8.self)
        if let entry = av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0) {
            clip.alphaMode = String(cString: entry.pointee.value)
        }
    }, receive: { frame, timeBase in
        clip.frameTimes.append(Double(frame.pointee.best_effort_timestamp) * av_q2d(timeBase))
        clip.framePixelFormat = String(cString: av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)))
        clip.frames.append(try rgba(frame))
    })
    return clip
}

/// Converts any decoded frame to straight RGBA with libavutil's generic component reader:
/// YUV through BT.709 limited range (the matrix Flipbook writes), palettes through their colours.
private func rgba(_ frame: UnsafeMutablePointer<AVFrame>) throws -> DecodedPicture {
    let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
    guard let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format)) else {
        throw TestDecodeError(description: "unknown pixel format")
    }
    let d = descriptor.pointee
    let isRGB = d.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
    let isPalette = d.flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
    let hasAlpha = d.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
    let depth = Int(d.comp.0.depth)
    let components = Int(d.nb_components)
    let data = withUnsafeBytes(of: frame.pointee.data) { raw in
        (0..<4).map { raw.load(fromByteOffset: $0 * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
                               as: UnsafeMutablePointer<UInt8>?.self).map { UnsafePointer($0) } }
    }
    let linesizes = withUnsafeBytes(of: frame.pointee.linesize) { Array($0.bindMemory(to: Int32.self).prefix(4)) }
    var dataPointers: [UnsafePointer<UInt8>?] = data
    // Pointers throughout: the tests run this in the debug build, where array accessors and a small
    // array per pixel cost more than the conversion itself.
    let line = UnsafeMutablePointer<UInt32>.allocate(capacity: width + 1)
    // The components of one row, each widened to the picture's width; zero where a format has fewer.
    let row = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * width)
    row.initialize(repeating: 0, count: 4 * width)
    let out = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height * 4)
    defer { line.deallocate(); row.deallocate(); out.deallocate() }
    let scale = Double((1 << depth) - 1)
    let shift = Double(1 << max(depth - 8, 0))
    let palette = isPalette ? data[1].map(UnsafeRawPointer.init) : nil
    let c0 = row, c1 = row + width, c2 = row + 2 * width, c3 = row + 3 * width
    for y in 0..<height {
        for c in 0..<components {
            // Chroma planes are read in their own (subsampled) coordinates, then widened.
            let chroma = !isRGB && !isPalette && (c == 1 || c == 2)
            let sx = chroma ? Int(d.log2_chroma_w) : 0, sy = chroma ? Int(d.log2_chroma_h) : 0
            let planeWidth = (width + (1 << sx) - 1) >> sx
            av_read_image_line2(line, &dataPointers, linesizes, descriptor, 0, Int32(y >> sy), Int32(c), Int32(planeWidth), 0, 4)
            let component = row + c * width
            for x in 0..<width { component[x] = line[x >> sx] }
        }
        for x in 0..<width {
            var r, g, b, a: Double
            if let palette {
                // Palette entries are native-endian 0xAARRGGBB in the second plane.
                let entry = palette.load(fromByteOffset: 4 * Int(c0[x]), as: UInt32.self)
                (r, g, b, a) = (Double(entry >> 16 & 0xFF), Double(entry >> 8 & 0xFF), Double(entry & 0xFF), Double(entry >> 24))
            } else if isRGB {
                (r, g, b) = (Double(c0[x]) / scale * 255, Double(c1[x]) / scale * 255, Double(c2[x]) / scale * 255)
                a = hasAlpha ? Double(c3[x]) / scale * 255 : 255
            } else {
                let yy = (Double(c0[x]) / shift - 16) / 219
                let cb = (Double(c1[x]) / shift - 128) / 224, cr = (Double(c2[x]) / shift - 128) / 224
                r = (yy + 1.5748 * cr) * 255
                g = (yy - 0.1873 * cb - 0.4681 * cr) * 255
                b = (yy + 1.8556 * cb) * 255
                a = hasAlpha ? Double(c3[x]) / scale * 255 : 255
            }
            let o = (y * width + x) * 4
            out[o] = level(r); out[o + 1] = level(g); out[o + 2] = level(b); out[o + 3] = level(a)
        }
    }
    return DecodedPicture(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: out, count: width * height * 4)))
}

/// A channel's value in 0...255, rounded to the nearest level.
private func level(_ value: Double) -> UInt8 {
    UInt8(max(0, min(255, value.rounded())))
}

/// Why ``decodeClip(_:)`` could not decode a file.
