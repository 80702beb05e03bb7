import Flipbook
import FlipbookTestSupport
import FlipbookTesting
import Foundation
import Testing

/// A white 32 × 24 picture, with pixel (x, y) painted `color` when given.
private func picture(changing pixel: (x: Int, y: Int)? = nil, to color: Color = Color(red: 1, green: 0, blue: 0)) throws -> Bitmap {
    var bitmap = try Bitmap(width: 32, height: 24)
    bitmap.draw(background: .white) { context, _ in
        if let pixel {
            context.fill(Path(CGRect(x: pixel.x, y: pixel.y, width: 1, height: 1)), with: .color(color))
        }
    }
    return bitmap
}

/// A half-transparent disc moving right on a transparent canvas.
private struct Disc: Scene {
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        context.fill(Path(ellipseIn: CGRect(x: 4 + time * 20, y: 4, width: 14, height: 14)), with: .color(.blue.opacity(0.5)))
    }
}

@Suite("FlipbookTesting: snapshot assertions")
struct SnapshotTests {
    @Test("a changed pixel fails with its position, PSNR and SSIM, and writes actual, expected and difference images")
    func changedPixel() throws {
        let scratch = try TemporaryDirectory("snapshot")
        let snapshot = Snapshot(reference: scratch.file("white.png"))
        _ = try snapshot.check(try picture(), tolerance: .standard, record: true)
        let outcome = try snapshot.check(try picture(changing: (5, 7)), tolerance: .standard, record: false)
        guard case .failed(let message, let comparison?) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        // White to red: green and blue each differ by 255 in one pixel of 32 × 24, over 4 channels.
        let psnr = 10 * log10(255.0 * 255 / (2 * 255.0 * 255 / (32 * 24 * 4)))
        #expect(abs(comparison.psnr - psnr) < 1e-9)
        #expect(comparison.ssim < 1 && comparison.ssim > 0.9)
        #expect(message == "Snapshot \(scratch.path("white.png")) does not match (PSNR ≥ 45 dB): "
            + String(format: "PSNR %.2f dB, SSIM %.4f, ", psnr, comparison.ssim)
            + "1 pixel of 768 differs; the worst at (5, 7): expected #ffffff, actual #ff0000. "
            + "Wrote white.actual.png, white.expected.png and white.diff.png beside it.")
        #expect(scratch.contents == ["white.actual.png", "white.diff.png", "white.expected.png", "white.png"])
        let actual = try Bitmap(contentsOfPNG: scratch.file("white.actual.png"))
        #expect(actual.pixel(x: 5, y: 7).hexString == "#ff0000")
        let expected = try Bitmap(contentsOfPNG: scratch.file("white.expected.png"))
        #expect(expected.pixel(x: 5, y: 7).hexString == "#ffffff")
    }

    @Test("the difference image marks the changed region in red and nothing else")
    func differenceImage() throws {
        let scratch = try TemporaryDirectory("snapshot")
        let snapshot = Snapshot(reference: scratch.file("white.png"))
        _ = try snapshot.check(try picture(), tolerance: .exact, record: true)
        var changed = try picture()
        changed.draw { context, _ in context.fill(Path(CGRect(x: 10, y: 4, width: 6, height: 3)), with: .color(.black)) }
        _ = try snapshot.check(changed, tolerance: .exact, record: false)
        let difference = try Bitmap(contentsOfPNG: snapshot.differenceURL)
        for y in 0..<24 {
            for x in 0..<32 {
                let color = difference.pixel(x: x, y: y)
                let inside = (10..<16).contains(x) && (4..<7).contains(y)
                if inside {
                    #expect(color.red >= 0.5 && color.green == 0 && color.blue == 0, "(\(x), \(y)) \(color.hexString)")
                } else {
                    #expect(color.red == color.green && color.green == color.blue && color.red > 0.7,
                            "(\(x), \(y)) \(color.hexString)")
                }
            }
        }
    }

    @Test("a picture within the tolerance passes, and leaves no images of an earlier failure")
    func withinTolerance() throws {
        let scratch = try TemporaryDirectory("snapshot")
        let snapshot = Snapshot(reference: scratch.file("white.png"))
        _ = try snapshot.check(try picture(), tolerance: .standard, record: true)
        // One channel of one pixel off by about 1/255.
        let nearlyWhite = try picture(changing: (3, 3), to: Color(red: 1, green: 1, blue: 254.0 / 255))
        guard case .failed = try snapshot.check(nearlyWhite, tolerance: .exact, record: false) else {
            Issue.record("an exact comparison should fail")
            return
        }
        guard case .matched(let comparison) = try snapshot.check(nearlyWhite, tolerance: .psnr(45), record: false) else {
            Issue.record("a PSNR comparison should pass")
            return
        }
        #expect(comparison.differingPixels == 1 && comparison.psnr > 80)
        #expect(comparison.worstPixel?.difference == 1)
        #expect(scratch.contents == ["white.png"])
    }

    @Test("recording writes the reference, which the same frames then match exactly, transparency included")
    func recording() throws {
        let scratch = try TemporaryDirectory("snapshot")
        let timeline = try Timeline(size: CGSize(width: 48, height: 24), fps: 10, duration: 1,
                                    layers: [Timeline.Layer(Disc())])
        let name = scratch.path("Snapshots/disc")
        withKnownIssue {
            assertFrames(of: timeline, at: [0, 0.5], matching: name, tolerance: .exact)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "No reference snapshot was there; recorded one. Look at it, commit it, and run the test again."]
        }
        #expect(FileManager.default.fileExists(atPath: scratch.path("Snapshots/disc-0s.png")))
        #expect(FileManager.default.fileExists(atPath: scratch.path("Snapshots/disc-0.5s.png")))
        let outcomes = assertFrames(of: timeline, at: [0, 0.5], matching: name, tolerance: .exact)
        for outcome in outcomes {
            guard case .matched(let comparison) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            #expect(comparison.isIdentical && comparison.psnr == .infinity && comparison.ssim == 1)
        }
        // Frame 0.5 is not frame 0: the disc has moved 10 points.
        withKnownIssue {
            assertFrames(of: timeline, at: [0.5], matching: scratch.path("Snapshots/disc-0s"), tolerance: .standard)
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("No reference") == true
        }
    }

    @Test("assertStill reports a failing comparison as an issue with the message")
    func assertStillReports() throws {
        let scratch = try TemporaryDirectory("snapshot")
        _ = try Snapshot(reference: scratch.file("still.png")).check(try picture(), tolerance: .exact, record: true)
        let changed = try picture(changing: (1, 2))
        withKnownIssue {
            assertStill(changed, matching: scratch.path("still"))
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("Snapshot \(scratch.path("still.png")) does not match (PSNR ≥ 45 dB): ") == true
                && issue.comments.first?.rawValue.contains("the worst at (1, 2)") == true
        }
        #expect(scratch.contents == ["still.actual.png", "still.diff.png", "still.expected.png", "still.png"])
    }

    @Test("pictures of different sizes are not compared; the message names both sizes")
    func sizes() throws {
        let small = try Bitmap(width: 4, height: 3), large = try Bitmap(width: 5, height: 3)
        let error = #expect(throws: FlipbookError.self) { try ImageComparison(actual: small, expected: large) }
        #expect(error?.message == "Cannot compare a 4×3 picture with a 5×3 one: their sizes differ.")
    }
}
