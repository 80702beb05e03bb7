import CFFmpeg
import CSwscale
import FlipbookCore
import FlipbookRaster
import Foundation

/// Turns decoded frames into bitmaps: libswscale converts them to BGRA (Cairo's ARGB32 bytes on a
/// little-endian machine) with the colour matrix and range the frame is tagged with, then colour is
/// premultiplied where the source has alpha. HDR frames, with a ``ToneMapper``, go to 16-bit RGB
/// first and are tone-mapped from there. Owns its scaler.
final class VideoFrameConverter {
    private var scaler: OpaquePointer?
    private let toneMapper: ToneMapper?
    /// The 16-bit pixels of the frame being tone-mapped, kept between frames.
    private var wide: [UInt16] = []

    init(toneMapper: ToneMapper?) {
        self.toneMapper = toneMapper
    }

    /// The bitmap of `frame`, `width` × `height` pixels (the stream's size; a frame of another size is scaled to it).
    func bitmap(of frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, problem: VideoFileProblem,
                seconds: Double) throws -> Bitmap {
        let source = AVPixelFormat(frame.pointee.format)
        guard let description = av_pix_fmt_desc_get(source) else {
            throw problem.failure(at: seconds, "a frame has no pixel format")
        }
        let flags = Int32(SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP)
        scaler = sws_getCachedContext(scaler, frame.pointee.width, frame.pointee.height, source, Int32(width), Int32(height),
                                      toneMapper == nil ? AV_PIX_FMT_BGRA : AV_PIX_FMT_RGBA64LE, flags, nil, nil, nil)
        guard let scaler else { throw problem.failure(at: seconds, "libswscale cannot convert its pixel format") }
        let isRGB = description.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        if !isRGB {
            let matrix = sws_getCoefficients(Self.matrix(frame.pointee.colorspace, height: Int(frame.pointee.height),
                                                          isHDR: toneMapper != nil))
            let fullRange: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
            // Fails only for formats whose range is fixed (the deprecated yuvj ones), whose own range then applies.
            _ = sws_setColorspaceDetails(scaler, matrix, fullRange, sws_getCoefficients(SWS_CS_ITU709), 1, 0, 1 << 16, 1 << 16)
        }
        var bitmap = try Bitmap(width: width, height: height)
        let converted = try bitmap.withUnsafeMutableBytes { bytes, stride -> Int32 in
            guard let base = bytes.baseAddress else { return -1 }
            let rows = scale(frame, with: scaler, into: base.assumingMemoryBound(to: UInt8.self), stride: stride,
                                 width: width, height: height)
            if description.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 {
                StraightAlpha.premultiplyBGRA(base, width: width, height: height, bytesPerRow: stride)
            }
            return rows
        }
        guard converted == Int32(height) else {
            throw problem.failure(at: seconds, "libswscale converted \(converted) of \(height) rows")
        }
        return bitmap
    }

    /// Runs `scaler` on `frame` into the BGRA rows at `bgra`, through the 16-bit pixels and the tone
    /// mapper for HDR; returns the rows libswscale wrote.
    private func scale(_ frame: UnsafeMutablePointer<AVFrame>, with scaler: OpaquePointer, into bgra: UnsafeMutablePointer<UInt8>,
                       stride: Int, width: Int, height: Int) -> Int32 {
        guard let toneMapper else { return Self.scale(frame, with: scaler, into: bgra, stride: stride) }
        if wide.count != 4 * width * height { wide = Array(repeating: 0, count: 4 * width * height) }
        return wide.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let pixels = buffer.baseAddress else { return -1 }
            let rows = pixels.withMemoryRebound(to: UInt8.self, capacity: 8 * width * height) {
                Self.scale(frame, with: scaler, into: $0, stride: 8 * width)
            }
            for y in 0..<height {
                toneMapper.mapRow(pixels + 4 * width * y, to: bgra + stride * y, width: width)
            }
            return rows
        }
    }

    /// libswscale's conversion of `frame` into one plane at `output`, `stride` bytes a row.
    private static func scale(_ frame: UnsafeMutablePointer<AVFrame>, with scaler: OpaquePointer,
                              into output: UnsafeMutablePointer<UInt8>, stride: Int) -> Int32 {
        var planes: [UnsafeMutablePointer<UInt8>?] = [output, nil, nil, nil]
        var strides: [Int32] = [Int32(stride), 0, 0, 0]
        return withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { lines in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { inputs in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { inputStrides in
                        sws_scale(scaler, inputs, inputStrides, 0, frame.pointee.height, &planes, &strides)
                    }
                }
            }
        }
    }

    /// libswscale's colour matrix for a frame tagged `space`; untagged frames get BT.709 from 720 lines
    /// up and BT.601 below, as players guess, and HDR ones BT.2020.
    private static func matrix(_ space: AVColorSpace, height: Int, isHDR: Bool) -> Int32 {
        switch space {
        case AVCOL_SPC_BT709: SWS_CS_ITU709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: SWS_CS_ITU601
        case AVCOL_SPC_FCC: SWS_CS_FCC
        case AVCOL_SPC_SMPTE240M: SWS_CS_SMPTE240M
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: SWS_CS_BT2020
        default: isHDR ? SWS_CS_BT2020 : height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601
        }
    }

    deinit {
        sws_freeContext(scaler)
    }
}
