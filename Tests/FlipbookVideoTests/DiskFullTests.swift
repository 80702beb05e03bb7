import FlipbookDrawing
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// An MP4 that runs out of disk part-way is reported as a full disk naming the file; the encoder
/// leaves no `.partial` file and the file already at the destination stays as it was. The disk is a
/// 64 kB tmpfs, filled for real.
@Suite("MP4 on a full disk", .serialized,
       .enabled(if: TinyDisk.isAvailable, Comment(rawValue: TinyDisk.skipMessage)))
struct VideoDiskFullTests {
    static let previous = Data("a good file that must survive".utf8)

    /// Noise at CRF 0 does not compress: each 320×180 frame is about 80 kB, more than the whole disk.
    static func encodeNoise(to url: URL, frames: Int) throws {
        let encoder = try VideoEncoder(url: url, width: 320, height: 180, fps: 30, options: VideoOptions(crf: 0))
        for frame in 0..<frames {
            try encoder.append(try noiseBitmap(width: 320, height: 180, seed: UInt64(frame)))
        }
        try encoder.finish()
    }

    @Test func fullDiskIsReported() throws {
        let disk = try TinyDisk(kilobytes: 64)
        defer { disk.unmount() }
        let url = disk.directory.appendingPathComponent("clip.mp4")
        try Self.previous.write(to: url)
        let error = #expect(throws: FlipbookError.self) { try Self.encodeNoise(to: url, frames: 30) }
        #expect(error?.kind == .diskFull, "\(String(describing: error))")
        #expect(error?.message == "Cannot write MP4 to \(url.path): the disk is full (No space left on device).")
        #expect(try Data(contentsOf: url) == Self.previous, "the file already there was changed")
        #expect(disk.partialFiles.isEmpty, "left behind: \(disk.partialFiles)")
    }

    /// The same clip fits on a larger disk, so the failure above is the disk's.
    @Test func theSameClipFitsOnALargerDisk() throws {
        let disk = try TinyDisk(kilobytes: 4096)
        defer { disk.unmount() }
        let url = disk.directory.appendingPathComponent("clip.mp4")
        try Self.encodeNoise(to: url, frames: 3)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 64 * 1024)
        #expect(disk.partialFiles.isEmpty)
    }
}
