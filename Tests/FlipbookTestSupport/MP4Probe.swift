import Foundation

/// What an MP4 file holds, read from its boxes without decoding: the one MP4 probe the tests use.
///
/// Reads `ftyp` (the brand), `mvhd` (the duration), and the video track's `tkhd` (the size) and
/// `stsz` (the number of frames), and notes whether `moov` comes before `mdat` (faststart).
public struct MP4Info: Sendable, Equatable {
    /// The major brand, e.g. "isom".
    public var brand: String
    /// The video track's frames.
    public var frames: Int
    /// The video track's picture size in pixels.
    public var width: Int
    public var height: Int
    /// The movie's duration in seconds.
    public var duration: Double
    /// Whether the index (`moov`) precedes the media data.
    public var isFaststart: Bool
}

/// The probe's failure: what was wrong with the file.
public struct MP4ProbeError: Error, CustomStringConvertible {
    public var description: String
}

/// Reads `url`'s MP4 boxes; throws when it is not an MP4 with a video track.
public func probeMP4(_ url: URL) throws -> MP4Info {
    let data = try Data(contentsOf: url)
    let bytes = [UInt8](data)
    var info = MP4Info(brand: "", frames: -1, width: 0, height: 0, duration: 0, isFaststart: false)
    var sawMoov = false, sawMdat = false

    func integer(_ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
    func text(_ offset: Int) -> String {
        guard offset + 4 <= bytes.count else { return "" }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
    /// Walks the boxes in `range`; `isVideo` says whether the enclosing track is the video track.
    func walk(_ range: Range<Int>, track: inout (isVideo: Bool, frames: Int?, width: Int, height: Int)) throws {
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            guard var size = integer(offset, 4) else { break }
            let type = text(offset + 4)
            var header = 8
            if size == 1 {
                guard let large = integer(offset + 8, 8) else { break }
                size = large
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else {
                throw MP4ProbeError(description: "box '\(type)' at \(offset) overruns its parent")
            }
            let body = offset + header
            switch type {
            case "ftyp": info.brand = text(body)
            case "mdat": sawMdat = true
            case "moov":
                if !sawMdat { info.isFaststart = true }
                sawMoov = true
                var none = (isVideo: false, frames: Int?.none, width: 0, height: 0)
                try walk(body..<offset + size, track: &none)
            case "mvhd":
                let version = bytes[body]
                let (scale, duration) = version == 1
                    ? (integer(body + 20, 4), integer(body + 24, 8)) : (integer(body + 12, 4), integer(body + 16, 4))
                if let scale, let duration, scale > 0 { info.duration = Double(duration) / Double(scale) }
            case "trak":
                var inner = (isVideo: false, frames: Int?.none, width: 0, height: 0)
                try walk(body..<offset + size, track: &inner)
                if inner.isVideo {
                    info.frames = inner.frames ?? -1
                    info.width = inner.width
                    info.height = inner.height
                }
            case "mdia", "minf", "stbl":
                try walk(body..<offset + size, track: &track)
            case "tkhd":
                let sizeOffset = bytes[body] == 1 ? body + 88 : body + 76
                track.width = (integer(sizeOffset, 4) ?? 0) >> 16
                track.height = (integer(sizeOffset + 4, 4) ?? 0) >> 16
            case "hdlr":
                track.isVideo = text(body + 8) == "vide"
            case "stsz":
                track.frames = integer(body + 8, 4)
            default:
                break
            }
            offset += size
        }
    }
    var top = (isVideo: false, frames: Int?.none, width: 0, height: 0)
    try walk(0..<bytes.count, track: &top)
    guard info.brand != "" else { throw MP4ProbeError(description: "\(url.path) has no 'ftyp' box: not an MP4") }
    guard sawMoov, info.frames >= 0 else { throw MP4ProbeError(description: "\(url.path) has no video track") }
    return info
}
