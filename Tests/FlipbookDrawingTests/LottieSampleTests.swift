import CRlottie
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// rlottie's own sample animations (its repository's `example/resource`), which are not carried here:
/// `scripts/lottie-samples.sh` copies them into a scratch folder and runs this suite with
/// `FLIPBOOK_LOTTIE_SAMPLES` naming it. Each file either loads, and then every frame checked drawn at
/// its native size on a transparent bitmap equals `lottie_animation_render`'s buffer byte for byte, or
/// is refused with a message naming its JSON pointer. One line per file is printed for the report.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FLIPBOOK_LOTTIE_SAMPLES"] != nil,
                "FLIPBOOK_LOTTIE_SAMPLES names no folder of sample files (scripts/lottie-samples.sh sets it)"))
struct LottieSampleTests {
    static var folder: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["FLIPBOOK_LOTTIE_SAMPLES"] ?? "")
    }

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".lottie") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The frames compared: every frame while the file's frames hold at most `budget` pixels in all,
    /// otherwise the first, the last and evenly spread ones between.
    static func framesChecked(count: Int, pixelsPerFrame: Int, budget: Int = 40_000_000) -> [Int] {
        let most = max(3, budget / max(pixelsPerFrame, 1))
        guard count > most else { return Array(0..<count) }
        return (0..<most).map { $0 * (count - 1) / (most - 1) }
    }

    @Test func theSampleFolderHoldsAtLeastFortyFiles() {
        #expect(Self.files.count >= 40, "\(Self.folder.path) holds \(Self.files.count) sample files")
    }

    @Test(arguments: files)
    func eachSampleLoadsAndMatchesRlottieOrIsRefusedWithItsPointer(file: URL) throws {
        let name = file.lastPathComponent
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(contentsOf: file)
        } catch let error as FlipbookError {
            #expect(error.kind == .invalidInput, "\(name): \(error.message)")
            #expect(error.message.contains(" /"), "\(name): the message names no JSON pointer: \(error.message)")
            print("lottie-sample \(name): refused: \(error.message.replacingOccurrences(of: file.path + " ", with: ""))")
            return
        }
        let width = Int(animation.size.width.rounded(.up)), height = Int(animation.size.height.rounded(.up))
        guard let direct = lottie_animation_from_file(file.path) else {
            // rlottie 0.1 reads no .lottie container itself.
            #expect(file.pathExtension == "lottie", "rlottie cannot read \(name) itself")
            print("lottie-sample \(name): loaded, \(width)×\(height), \(animation.frameCount) frames; rlottie itself cannot read it, not compared")
            return
        }
        defer { lottie_animation_destroy(direct) }
        #expect(lottie_animation_get_totalframe(direct) >= animation.frameCount, "\(name)")
        let frames = Self.framesChecked(count: animation.frameCount, pixelsPerFrame: width * height)
        var differing: [Int] = []
        var expected = [UInt32](repeating: 0, count: width * height)
        for frame in frames {
            expected.withUnsafeMutableBufferPointer {
                $0.update(repeating: 0)
                lottie_animation_render(direct, frame, $0.baseAddress, width, height, width * 4)
            }
            var bitmap = try Bitmap(width: width, height: height)
            bitmap.draw { context, _ in
                context.draw(animation, in: CGRect(origin: .zero, size: animation.size), frame: frame)
            }
            #expect(bitmap.drawingIssue == nil, "\(name)")
            let same = bitmap.withUnsafeBytes { bytes, stride in
                expected.withUnsafeBytes { reference in
                    (0..<height).allSatisfy { y in
                        memcmp(bytes.baseAddress! + y * stride, reference.baseAddress! + y * width * 4, width * 4) == 0
                    }
                }
            }
            if !same { differing.append(frame) }
        }
        #expect(differing.isEmpty, "\(name): frames \(differing.prefix(10)) differ from rlottie's own")
        let warnings = animation.warnings.map(\.description)
        print("lottie-sample \(name): loaded, \(width)×\(height), \(animation.frameCount) frames at \(animation.frameRate) fps, "
                  + "\(frames.count) compared, \(differing.isEmpty ? "all equal" : "\(differing.count) differ")"
                  + (warnings.isEmpty ? "" : "; warnings: \(warnings.prefix(3).joined(separator: "; "))"
                                            + (warnings.count > 3 ? " (\(warnings.count) in all)" : "")))
    }
}
