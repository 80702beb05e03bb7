import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// A full disk is reported as one for every still format: kind `.diskFull`, a message naming the file
/// and saying the disk is full, no `.partial` file left, and the file already at the destination
/// untouched. The disk is a 64 kB tmpfs, filled for real by files too large for it.
@Suite("Stills on a full disk", .serialized,
       .enabled(if: TinyDisk.isAvailable, Comment(rawValue: TinyDisk.skipMessage)))
struct DiskFullTests {
    static let previous = Data("a good file that must survive".utf8)

    /// About 160 kB in any format: more than the disk holds.
    static func noise() throws -> Bitmap { try noiseBitmap(width: 200, height: 200, seed: 1) }

    enum Output: String, CaseIterable {
        case png, pdf, svg

        /// Writes `image` as a PNG, or drawn over a whole PDF or SVG page.
        func write(_ image: Bitmap, to url: URL) throws {
            switch self {
            case .png:
                try image.writePNG(to: url)
            case .pdf, .svg:
                let size = CGSize(width: image.width, height: image.height)
                try Bitmap.writeVector(to: url, format: self == .pdf ? .pdf : .svg, size: size) { context, size in
                    context.draw(image, in: CGRect(origin: .zero, size: size))
                }
            }
        }
    }

    @Test(arguments: Output.allCases)
    func fullDiskIsReported(_ output: Output) throws {
        let disk = try TinyDisk(kilobytes: 64)
        defer { disk.unmount() }
        let url = disk.directory.appendingPathComponent("still.\(output.rawValue)")
        try Self.previous.write(to: url)
        let image = try Self.noise()
        let error = #expect(throws: FlipbookError.self) { try output.write(image, to: url) }
        #expect(error?.kind == .diskFull)
        #expect(error?.message == "Cannot write \(output.rawValue.uppercased()) to \(url.path): the disk is full (No space left on device).")
        #expect(try Data(contentsOf: url) == Self.previous, "the file already there was changed")
        #expect(disk.partialFiles.isEmpty, "left behind: \(disk.partialFiles)")
    }

    /// The same drawing fits when the disk has room, so the failure above is the disk's.
    @Test(arguments: Output.allCases)
    func theSameStillFitsOnALargerDisk(_ output: Output) throws {
        let disk = try TinyDisk(kilobytes: 4096)
        defer { disk.unmount() }
        let url = disk.directory.appendingPathComponent("still.\(output.rawValue)")
        let image = try Self.noise()
        try output.write(image, to: url)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 64 * 1024, "\(output) is only \(size) bytes: too small to fill the 64 kB disk")
        #expect(disk.partialFiles.isEmpty)
    }
}
