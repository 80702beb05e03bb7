import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// `../shared/realfiles/lottie`, beside the package.
private let realLottieFolder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/realfiles/lottie")

/// The Lottie files in `../shared/realfiles/lottie` (lottie-web's, lottie-android's and LottieFiles'
/// test animations and rlottie's samples, written by other exporters; not carried here): each reads
/// and draws, and the ones that showed a defect draw as lottie-web draws them.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: realLottieFolder.path),
                "../shared/realfiles/lottie is absent (the real files are kept beside the package, not in it)"))
struct LottieRealFileTests {
    static let folder = realLottieFolder

    static var files: [String] {
        let top = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let samples = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("rlottie").path)) ?? []
        return (top.filter { [".json", ".lottie", ".zip", ".tgs"].contains(where: $0.hasSuffix) } + ["lw_footage/data.json"]
            + samples.filter { $0.hasSuffix(".json") }.map { "rlottie/" + $0 }).sorted()
    }

    /// The middle frame of `animation` at its own size over a transparent bitmap.
    static func middleFrame(_ animation: LottieAnimation, frame: Int? = nil) throws -> Bitmap {
        let width = Int(animation.size.width.rounded(.up)), height = Int(animation.size.height.rounded(.up))
        var bitmap = try Bitmap(width: width, height: height)
        bitmap.draw { context, size in
            context.draw(animation, in: CGRect(origin: .zero, size: size), frame: frame ?? animation.frameCount / 2)
        }
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    @Test(arguments: files)
    func eachFileReadsAndDraws(name: String) throws {
        let animation = try LottieAnimation(contentsOf: Self.folder.appendingPathComponent(name))
        let bitmap = try Self.middleFrame(animation)
        let inked = bitmap.withUnsafeBytes { bytes, stride in
            (0..<bitmap.height).contains { y in (0..<bitmap.width).contains { x in bytes[y * stride + x * 4 + 3] != 0 } }
        }
        #expect(inked, "\(name): the middle frame is empty")
    }

    /// lottie-web's dalek.json (Bodymovin 3.1.6, colours 0–255) is a black Dalek on blue.
    @Test func theDalekIsBlack() throws {
        let dalek = try LottieAnimation(contentsOf: Self.folder.appendingPathComponent("lw_dalek.json"))
        let frame = try Self.middleFrame(dalek, frame: 150)
        // The middle of its skirt, and the background beside it.
        let body = frame.pixel(x: 960, y: 700), background = frame.pixel(x: 300, y: 700)
        #expect(body.red < 0.1 && body.green < 0.1 && body.blue < 0.1 && body.opacity > 0.99, "\(body)")
        #expect(background.blue > 0.4 && background.opacity > 0.99, "\(background)")
    }

    @Test func whatRlottieLeavesOutIsWarnedAbout() throws {
        let footage = try LottieAnimation(contentsOf: Self.folder.appendingPathComponent("lw_footage/data.json"))
        #expect(footage.warnings.map(\.description).contains("/assets/2: data asset (t 3, read by expressions), not used"))
        let loader = try LottieAnimation(contentsOf: Self.folder.appendingPathComponent("rlottie/loader.json"))
        #expect(loader.warnings.map(\.description) == ["/layers/1/shapes/2: rounded corners, not drawn"])
        // Its matte named by tp is the layer directly above, as rlottie takes it.
        let matte = try LottieAnimation(contentsOf: Self.folder.appendingPathComponent("tf_matte-above.json"))
        #expect(matte.warnings.isEmpty)
    }
}
