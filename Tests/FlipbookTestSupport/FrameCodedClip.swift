import FlipbookCore
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// Clips whose every frame shows its own number, as 16 black or white blocks (8 across, 2 down,
/// least significant bit first), so a test can tell exactly which source frame a picture shows,
/// whatever the codec's small errors.
public enum FrameCodedClip {
    /// The number a frame of `width` × `height` pixels shows.
    public static func picture(_ number: Int, width: Int, height: Int) throws -> Bitmap {
        var bitmap = try Bitmap(width: width, height: height)
        bitmap.draw(background: .black) { context, size in
            let w = size.width / 8, h = size.height / 2
            for bit in 0..<16 where number >> bit & 1 == 1 {
                let rect = CGRect(x: CGFloat(bit % 8) * w, y: CGFloat(bit / 8) * h, width: w, height: h)
                context.fill(Path(rect), with: .color(.white))
            }
        }
        return bitmap
    }

    /// The number `bitmap` shows in its `rect` (pixels; the whole bitmap by default), read at each
    /// block's centre; `nil` when a block is neither clearly black nor clearly white.
    public static func number(in bitmap: Bitmap, rect: CGRect? = nil) -> Int? {
        let area = rect ?? CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        var number = 0
        for bit in 0..<16 {
            let x = Int(area.minX + (CGFloat(bit % 8) + 0.5) * area.width / 8)
            let y = Int(area.minY + (CGFloat(bit / 8) + 0.5) * area.height / 2)
            let green = bitmap.pixel(x: x, y: y).green
            if green > 0.75 {
                number |= 1 << bit
            } else if green > 0.25 {
                return nil
            }
        }
        return number
    }

    /// Writes `frames` numbered frames at `fps` to `url` with Flipbook's encoder (the container and
    /// codec from the extension).
    public static func write(to url: URL, fps: FrameRate, frames: Int, width: Int = 64, height: Int = 36,
                             options: VideoOptions = VideoOptions()) throws {
        let encoder = try VideoEncoder(url: url, width: width, height: height, fps: fps, options: options)
        for number in 0..<frames {
            try picture(number, width: width, height: height).withFramePixels { try encoder.append($0) }
        }
        try encoder.finish()
    }
}

/// Runs the `ffmpeg` (or `ffprobe`) command with `arguments` and returns its standard output; throws
/// with its standard error when it fails. Tests make the sources Flipbook's encoder cannot (variable
/// frame rates, rotation, alpha, HDR tags) with it.
public func ffmpegTool(_ name: String, _ arguments: [String]) throws -> String {
    let found = ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/" + name
    let run = try runProcess(URL(fileURLWithPath: found),
                             name == "ffmpeg" ? ["-hide_banner", "-loglevel", "error", "-y"] + arguments : arguments)
    guard run.status == 0 else { throw FlipbookError(.file, "\(name) \(arguments.joined(separator: " ")) failed: \(run.error)") }
    return run.output
}

extension FrameCodedClip {
    /// `data` (an MP4) with the middle tenth of its `mdat` box's payload overwritten by seeded noise:
    /// the pictures there no longer decode, those before them still do.
    public static func damaged(_ data: Data) -> Data {
        var bytes = data
        let tag = Data("mdat".utf8)
        guard let found = bytes.range(of: tag) else { return bytes }
        let payload = found.upperBound..<bytes.endIndex
        var random = SplitMix(state: 7)
        let lower = payload.lowerBound + payload.count * 45 / 100, upper = payload.lowerBound + payload.count * 55 / 100
        for index in lower..<upper { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
        return bytes
    }
}
