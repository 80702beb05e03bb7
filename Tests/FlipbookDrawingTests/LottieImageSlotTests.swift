import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Image slots: `image-slot.json`'s image asset names the slot "photo" (`"sid": "photo"`); an image
/// given for it replaces the picture its image layer draws at (20, 30), 40 × 40.
@Suite struct LottieImageSlotTests {
    static let fixture = LottieAnimationTests.fixture("image-slot.json")

    /// A `size` × `size` PNG of one colour in `directory`.
    static func png(_ name: String, _ color: Color, size: Int = 40, in directory: TemporaryDirectory) throws -> URL {
        var bitmap = try Bitmap(width: size, height: size)
        bitmap.draw(background: color) { _, _ in }
        let url = directory.file(name)
        try bitmap.writePNG(to: url)
        return url
    }

    static func centre(_ animation: LottieAnimation) throws -> Color {
        try LottieAnimationTests.render(animation, frame: 0).pixel(x: 40, y: 50)
    }

    @Test func theFilesOwnPictureDrawsWithoutAValue() throws {
        // rlottie composites an image layer at 253/255 of full opacity.
        LottieAnimationTests.expectColor(try Self.centre(LottieAnimation(contentsOf: Self.fixture)), 128 / 255, 128 / 255, 128 / 255,
                                         253 / 255)
        #expect(try LottieAnimationTests.render(LottieAnimation(contentsOf: Self.fixture), frame: 0).pixel(x: 70, y: 50) == .clear)
    }

    @Test func anImageReplacesThePicture() throws {
        let scratch = try TemporaryDirectory("lottie-slot")
        for (name, color, expected) in [("red.png", Color.red, (1.0, 59 / 255.0, 48 / 255.0)),
                                        ("black.png", Color.black, (0.0, 0.0, 0.0))] {
            let url = try Self.png(name, color, in: scratch)
            let animation = try LottieAnimation(contentsOf: Self.fixture, options: LottieOptions(slots: ["photo": .image(url.path)]))
            LottieAnimationTests.expectColor(try Self.centre(animation), expected.0, expected.1, expected.2, 253 / 255)
        }
        // A relative path starts from the animation's folder.
        let relative = try LottieAnimation(data: Data(contentsOf: Self.fixture), baseDirectory: scratch.url,
                                           options: LottieOptions(slots: ["photo": .image("black.png")]))
        LottieAnimationTests.expectColor(try Self.centre(relative), 0, 0, 0, 253 / 255)
    }

    @Test func aValueOfTheWrongKindOrAnImageItCannotHoldIsRefused() throws {
        let scratch = try TemporaryDirectory("lottie-slot")
        let box = LottieAnimationTests.fixture("moving-box.json").path
        let text = try scratch.write("notes.png", "not a picture")
        let red = try Self.png("red.png", .red, in: scratch)
        var small = LottieLimits()
        small.maximumImageSide = 30
        let cases: [(URL, LottieSlotValue, LottieLimits, String)] = [
            (Self.fixture, .color(.red), LottieLimits(), "The slot 'photo' is the image asset /assets/0's slot in \(Self.fixture.path); "
                + #"give it an image ({"image": "photo.png"})."#),
            (LottieAnimationTests.fixture("moving-box.json"), .image(red.path), LottieLimits(), "The slot 'accent' is a property's slot "
                + "in \(box), not an image asset's; give it a colour, a number or a list of numbers."),
            (Self.fixture, .image(text), LottieLimits(),
             "The slot 'photo' names \(text), which must be a PNG or JPEG image (the formats rlottie decodes)."),
            (Self.fixture, .image(red.path), small,
             "The slot 'photo' names \(red.path), which must be an image of at most 30 × 30 pixels; it is 40 × 40."),
            (Self.fixture, .image(scratch.path("missing.png")), LottieLimits(), "The slot 'photo' must name a readable image: "
                + "Cannot read the image \(scratch.path("missing.png")): there is no such file."),
        ]
        for (file, value, limits, message) in cases {
            let slot = file == Self.fixture ? "photo" : "accent"
            let error = expectFlipbookError(.invalidInput) {
                _ = try LottieAnimation(contentsOf: file, options: LottieOptions(limits: limits, slots: [slot: value]))
            }
            #expect(error?.message == message)
        }
    }
}
