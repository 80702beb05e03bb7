import CRlottie
import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// The fixtures of `Fixtures/Lottie` (made by its `make-fixtures.py`): a 40 × 40 red box whose centre
/// moves from x 40 to x 160 over 30 frames at 30 fps, so at frame k it spans x 20 + 4k … 60 + 4k, y 30 … 70.
@Suite struct LottieAnimationTests {
    static func fixture(_ name: String) -> URL {
        ReferenceImages.fixturesDirectory.appendingPathComponent("Lottie/\(name)")
    }

    static func box(_ options: LottieOptions = LottieOptions()) throws -> LottieAnimation {
        try LottieAnimation(contentsOf: fixture("moving-box.json"), options: options)
    }

    /// Frame `frame` of `animation` drawn over a transparent 200 × 100 bitmap, after `adjust`.
    static func render(_ animation: LottieAnimation, frame: Int, adjust: (inout GraphicsContext) -> Void = { _ in })
        throws -> Bitmap {
        var bitmap = try Bitmap(width: 200, height: 100)
        bitmap.draw { context, _ in
            adjust(&context)
            context.draw(animation, in: CGRect(x: 0, y: 0, width: 200, height: 100), frame: frame)
        }
        #expect(bitmap.drawingIssue == nil)
        return bitmap
    }

    static func expectColor(_ color: Color, _ red: Double, _ green: Double, _ blue: Double, _ opacity: Double = 1,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let tolerance = 1.5 / 255
        #expect(abs(color.red - red) <= tolerance && abs(color.green - green) <= tolerance
                    && abs(color.blue - blue) <= tolerance && abs(color.opacity - opacity) <= tolerance,
                "\(color) is not (\(red), \(green), \(blue), \(opacity))", sourceLocation: sourceLocation)
    }

    @Test func readsSizeRateFramesAndMarkers() throws {
        let animation = try Self.box()
        #expect(animation.size == CGSize(width: 200, height: 100))
        #expect(animation.frameRate == 30)
        #expect(animation.frameCount == 30)
        #expect(animation.duration == 1)
        #expect(animation.markers == [.init(name: "intro", startFrame: 0, durationFrames: 15),
                                      .init(name: "outro", startFrame: 15, durationFrames: 15)])
        #expect(animation.warnings.isEmpty)
    }

    @Test func timeMapsToWholeFramesRoundedDown() throws {
        let animation = try Self.box()
        // A 30 fps animation on a 60 fps timeline: output frames 2k and 2k + 1 show Lottie frame k.
        for n in 0..<60 { #expect(animation.frame(at: Double(n) / 60) == n / 2, "output frame \(n)") }
        #expect(animation.frame(at: -1) == 0)
        #expect(animation.frame(at: 0.999) == 29)
        #expect(animation.frame(at: 5) == 29)
    }

    @Test func theBoxIsRedWhereItShouldBeAtEachFrame() throws {
        let animation = try Self.box()
        for frame in [0, 10, 15, 29] {
            let bitmap = try Self.render(animation, frame: frame)
            let left = 20 + 4 * frame
            Self.expectColor(bitmap.pixel(x: left + 20, y: 50), 1, 0, 0)
            Self.expectColor(bitmap.pixel(x: left + 1, y: 31), 1, 0, 0)
            Self.expectColor(bitmap.pixel(x: left + 38, y: 68), 1, 0, 0)
            #expect(bitmap.pixel(x: left - 2, y: 50) == .clear, "frame \(frame)")
            #expect(bitmap.pixel(x: left + 42, y: 50) == .clear, "frame \(frame)")
            #expect(bitmap.pixel(x: left + 20, y: 27) == .clear, "frame \(frame)")
        }
    }

    @Test func everyFrameEqualsRlottiesOwnBufferExactly() throws {
        let animation = try Self.box()
        let json = try Data(contentsOf: Self.fixture("moving-box.json"))
        var text = [CChar](repeating: 0, count: json.count + 1)
        json.withUnsafeBytes { bytes in text.withUnsafeMutableBytes { $0.copyMemory(from: bytes) } }
        let direct = try #require(text.withUnsafeBufferPointer { lottie_animation_from_data($0.baseAddress, "direct-reference", "") })
        defer { lottie_animation_destroy(direct) }
        #expect(lottie_animation_get_totalframe(direct) == 30)
        // Out of order, to show no frame depends on the one drawn before it.
        for frame in [17, 0, 29, 3, 15, 1, 28, 8] {
            var expected = [UInt32](repeating: 0, count: 200 * 100)
            expected.withUnsafeMutableBufferPointer { lottie_animation_render(direct, frame, $0.baseAddress, 200, 100, 800) }
            let bitmap = try Self.render(animation, frame: frame)
            let actual = bitmap.withUnsafeBytes { bytes, stride in
                (0..<100).flatMap { y in (0..<200).map { x in bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) } }
            }
            #expect(actual == expected, "frame \(frame)")
        }
    }

    @Test func repeatRendersAreIdentical() throws {
        let animation = try Self.box()
        let first = try Self.render(animation, frame: 12).pngData()
        _ = try Self.render(animation, frame: 3)
        #expect(try Self.render(animation, frame: 12).pngData() == first)
    }

    @Test func honoursTransformOpacityAndClip() throws {
        let animation = try Self.box()
        let bitmap = try Self.render(animation, frame: 0) { context in
            context.translateBy(x: 100, y: 0)
            context.opacity = 0.5
        }
        // The box now spans x 120 … 160, at half opacity.
        Self.expectColor(bitmap.pixel(x: 140, y: 50), 1, 0, 0, 0.5)
        #expect(bitmap.pixel(x: 40, y: 50) == .clear)
        let scaled = try Self.render(animation, frame: 0) { context in context.scaleBy(x: 0.5, y: 0.5) }
        // Half size: the box spans x 10 … 30, y 15 … 35.
        Self.expectColor(scaled.pixel(x: 20, y: 25), 1, 0, 0)
        #expect(scaled.pixel(x: 40, y: 50) == .clear)
        let clipped = try Self.render(animation, frame: 0) { context in
            context.clip(to: Path(CGRect(x: 0, y: 0, width: 40, height: 100)))
        }
        Self.expectColor(clipped.pixel(x: 30, y: 50), 1, 0, 0)
        #expect(clipped.pixel(x: 50, y: 50) == .clear)
    }

    @Test func anOverrideChangesTheFillColour() throws {
        let yellow = try #require(Color(hex: "#FFD60A"))
        let animation = try Self.box(LottieOptions(overrides: [LottieOverride(keypath: "**.Fill 1", .fillColor(yellow))]))
        let bitmap = try Self.render(animation, frame: 0)
        Self.expectColor(bitmap.pixel(x: 40, y: 50), 1, 0xD6 / 255.0, 0x0A / 255.0)
    }

    @Test func aSlotValueIsSubstituted() throws {
        let animation = try Self.box(LottieOptions(slots: ["accent": .color(Color(red: 0, green: 0, blue: 1))]))
        let bitmap = try Self.render(animation, frame: 5)
        Self.expectColor(bitmap.pixel(x: 60, y: 50), 0, 0, 1)
    }

    @Test func anUnknownSlotIsRefused() throws {
        let error = expectFlipbookError(.invalidInput) {
            _ = try Self.box(LottieOptions(slots: ["accnet": .number(1)]))
        }
        #expect(error?.message == "The slot 'accnet' is not one of \(Self.fixture("moving-box.json").path)'s slots; they are accent.")
    }

    @Test func theMillionCopyRepeaterIsRefusedQuickly() throws {
        let start = Date()
        let error = expectFlipbookError(.invalidInput) { _ = try LottieAnimation(contentsOf: Self.fixture("repeater-bomb.json")) }
        #expect(Date().timeIntervalSince(start) < 0.5)
        #expect(error?.message == "\(Self.fixture("repeater-bomb.json").path) /layers/0/shapes/1/c must be between 0 and 1000 "
                    + "repeater copies; it is 1000000.")
        // The limit is settable.
        let raised = expectFlipbookError(.invalidInput) {
            _ = try LottieAnimation(contentsOf: Self.fixture("repeater-bomb.json"),
                                    options: LottieOptions(limits: LottieLimits(maximumRepeaterCopies: 2_000_000)))
        }
        #expect(raised?.message.contains("/layers/0/shapes/1 must bring the shapes drawn to at most 100000") == true)
    }

    @Test func aDeepPrecompositionChainIsRefused() throws {
        let error = expectFlipbookError(.invalidInput) { _ = try LottieAnimation(contentsOf: Self.fixture("deep-precomp.json")) }
        #expect(error?.message == "\(Self.fixture("deep-precomp.json").path) /assets/15/layers/0/refId must be at most 16 "
                    + "precompositions deep; it is 17 deep.")
    }

    @Test func aTextLayerIsListedAsAWarningAndRefusedWhenStrict() throws {
        let animation = try LottieAnimation(contentsOf: Self.fixture("text-layer.json"))
        #expect(animation.warnings.map(\.description) == ["/layers/0: text layer, not drawn"])
        let error = expectFlipbookError(.invalidInput) {
            _ = try LottieAnimation(contentsOf: Self.fixture("text-layer.json"), options: LottieOptions(strict: true))
        }
        #expect(error?.message == "\(Self.fixture("text-layer.json").path) /layers/0 is a part rlottie does not draw "
                    + "(text layer, not drawn); strict reading refuses it.")
    }

    @Test func aDotLottieContainerDrawsItsImage() throws {
        let animation = try LottieAnimation(contentsOf: Self.fixture("with-image.lottie"))
        #expect(animation.size == CGSize(width: 200, height: 100))
        let bitmap = try Self.render(animation, frame: 0)
        // rlottie composites an image layer at 253/255 of full opacity.
        Self.expectColor(bitmap.pixel(x: 20, y: 20), 0, 0, 1, 253 / 255)
        #expect(bitmap.pixel(x: 35, y: 20) == .clear)
    }

    @Test(arguments: [("../secret.png", "leaves it with '..'"), ("/etc/passwd", "it is the absolute path '/etc/passwd'"),
                      ("https://example.com/a.png", "which names another place")])
    func anImageOutsideTheFolderIsRefused(path: String, reason: String) throws {
        let directory = try TemporaryDirectory("lottie")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture("moving-box.json"))) as! [String: Any]
        json["assets"] = [["id": "img", "w": 10, "h": 10, "u": "", "p": path]]
        let url = directory.file("outside.json")
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        let error = expectFlipbookError(.invalidInput) { _ = try LottieAnimation(contentsOf: url) }
        #expect(error?.message.hasPrefix("\(url.path) /assets/0/p must be a path inside the animation's folder") == true)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    @Test func headerValuesAreChecked() throws {
        for (key, value, message) in [("fr", 0 as Any, "/fr must be a frame rate above 0 and at most 240; it is 0."),
                                      ("w", -5 as Any, "/w must be between 1 and 16384 points; it is -5."),
                                      ("op", 0 as Any, "/op must be between 1 and 100000 frames after ip (0); it is 0."),
                                      ("fr", "fast" as Any, "/fr must be a number (a frame rate); it is 'fast'.")] {
            var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture("moving-box.json"))) as! [String: Any]
            json[key] = value
            let error = expectFlipbookError(.invalidInput) {
                _ = try LottieAnimation(data: JSONSerialization.data(withJSONObject: json), source: "a.json")
            }
            #expect(error?.message == "a.json " + message)
        }
    }
}
