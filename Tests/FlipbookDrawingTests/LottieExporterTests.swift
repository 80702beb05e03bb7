import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Lottie files as other exporters write them, read as lottie-web (the format's reference player)
/// reads them. Each case is `moving-box.json` (a 40 × 40 red box spanning x 20 + 4k … 60 + 4k at
/// frame k) changed the way an exporter writes it.
@Suite struct LottieExporterTests {
    /// `moving-box.json`, parsed, for a test to change.
    static func box() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: LottieAnimationTests.fixture("moving-box.json")))
            as? [String: Any])
    }

    static func load(_ json: [String: Any], options: LottieOptions = LottieOptions()) throws -> LottieAnimation {
        try LottieAnimation(data: JSONSerialization.data(withJSONObject: json), source: "a.json", options: options)
    }

    /// The box's layer, its fill colour property replaced by `colour`.
    static func boxLayer(fill colour: [String: Any]? = nil) throws -> [String: Any] {
        var layer = try #require((try box()["layers"] as? [Any])?.first as? [String: Any])
        guard let colour else { return layer }
        var shapes = try #require(layer["shapes"] as? [[String: Any]])
        var items = try #require(shapes[0]["it"] as? [[String: Any]])
        items[1]["c"] = colour
        shapes[0]["it"] = items
        layer["shapes"] = shapes
        return layer
    }

    /// The box, its version `v` and its fill colour `colour`.
    static func box(version: String, fill colour: [String: Any]) throws -> [String: Any] {
        var json = try box()
        json["v"] = version
        json["layers"] = [try boxLayer(fill: colour)]
        json["slots"] = nil
        return json
    }

    /// Bodymovin before 4.1.9 wrote colours as 0–255; lottie-web divides them by 255 for those
    /// versions (lottie-web's own dalek.json, 3.1.6, is a black Dalek). rlottie takes them as 0–1.
    @Test func coloursBeforeBodymovin419AreDividedBy255() throws {
        let centre = (x: 40, y: 50)
        let legacy = try Self.load(Self.box(version: "4.1.8", fill: ["a": 0, "k": [0, 128, 255, 255]]))
        LottieAnimationTests.expectColor(try LottieAnimationTests.render(legacy, frame: 0).pixel(x: centre.x, y: centre.y),
                                         0, 128 / 255, 1)
        // From 4.1.9 on colours are 0–1, taken as they are.
        let current = try Self.load(Self.box(version: "4.1.9", fill: ["a": 0, "k": [0, 0.5, 1, 1]]))
        LottieAnimationTests.expectColor(try LottieAnimationTests.render(current, frame: 0).pixel(x: centre.x, y: centre.y),
                                         0, 0.5, 1)
        // Keyframed, both ends of each keyframe; a version without a minor part counts part by part.
        let keyframed: [String: Any] = ["a": 1, "k": [
            ["t": 0, "s": [0, 128, 255, 255], "e": [255, 0, 0, 255], "i": ["x": [1], "y": [1]], "o": ["x": [0], "y": [0]]],
            ["t": 30, "s": [255, 0, 0, 255]],
        ]]
        let animated = try Self.load(Self.box(version: "3.1", fill: keyframed))
        LottieAnimationTests.expectColor(try LottieAnimationTests.render(animated, frame: 0).pixel(x: centre.x, y: centre.y),
                                         0, 128 / 255, 1)
        // Frame 29 is 29/30 of the way to red.
        let end = try LottieAnimationTests.render(animated, frame: 29)
        LottieAnimationTests.expectColor(end.pixel(x: 20 + 4 * 29 + 20, y: 50), 29 / 30, 128 / 255 / 30, 1 / 30)
    }

    /// A data source for expressions (`"t": 3`) and a sound file: rlottie draws nothing from either.
    @Test func dataAndSoundAssetsAreWarningsAndLeftOut() throws {
        var json = try Self.box()
        json["assets"] = [["id": "data_0", "t": 3, "u": "", "p": "weather.json", "e": 0],
                          ["id": "aud_0", "u": "audio/", "p": "aud_0.mp3", "e": 0]]
        let animation = try Self.load(json)
        #expect(animation.warnings.map(\.description) == ["/assets/0: data asset (t 3, read by expressions), not used",
                                                          "/assets/1: asset 'aud_0.mp3' that no image layer shows, not used"])
        LottieAnimationTests.expectColor(try LottieAnimationTests.render(animation, frame: 0).pixel(x: 40, y: 50), 1, 0, 0)
        let strict = expectFlipbookError(.invalidInput) { _ = try Self.load(json, options: LottieOptions(strict: true)) }
        #expect(strict?.message == "a.json /assets/0 is a part rlottie does not draw (data asset (t 3, read by expressions), "
                    + "not used); strict reading refuses it.")
        // An image layer cannot show a data asset.
        var layers = try #require(json["layers"] as? [[String: Any]])
        layers.append(["ty": 2, "nm": "Data", "refId": "data_0", "ind": 2, "ip": 0, "op": 30, "st": 0, "ks": layers[0]["ks"]!])
        json["layers"] = layers
        let refused = expectFlipbookError(.invalidInput) { _ = try Self.load(json) }
        #expect(refused?.message == "a.json /layers/1/refId must name an image in /assets; it is 'data_0'.")
    }

    /// After Effects writes 29.97 fps as 29.9700012207031; the frames must land where a 30000/1001
    /// timeline's frames do, not a frame late.
    @Test func aFrameRateMapsThroughTheRateItStandsFor() throws {
        var json = try Self.box()
        json["fr"] = 29.9700012207031
        let ntsc = try Self.load(json)
        #expect(ntsc.frameRate == 30000.0 / 1001)
        let timeline = FrameRate(30000, 1001)
        for k in 0..<30 { #expect(ntsc.frame(at: timeline.time(ofFrame: k)) == k, "frame \(k)") }
        // Any other positive rate plays in its own time.
        json["fr"] = 60.0333709716797
        let odd = try Self.load(json)
        #expect(odd.frameRate == 60.0333709716797)
        #expect(odd.duration == 30 / 60.0333709716797)
        #expect(odd.frame(at: 0.25) == 15)
        #expect(odd.frame(at: 29.5 / 60.0333709716797) == 29)
        json["fr"] = 12.5
        #expect(try Self.load(json).frameRate == 12.5)
    }

    /// lottie-web plays `floor(op − ip)` frames from `round(ip)`; rlottie would start at `ip` truncated.
    @Test func inAndOutPointsAreLottieWebs() throws {
        var json = try Self.box()
        json["ip"] = 0.6
        json["op"] = 10.4
        let shifted = try Self.load(json)
        #expect(shifted.frameCount == 9)
        // Its first frame is the box's frame 1: x 24 … 64.
        let first = try LottieAnimationTests.render(shifted, frame: 0)
        #expect(first.pixel(x: 22, y: 50) == .clear)
        LottieAnimationTests.expectColor(first.pixel(x: 25, y: 50), 1, 0, 0)
        #expect(shifted.markers.first == .init(name: "intro", startFrame: -1, durationFrames: 15))
        json["ip"] = 0
        json["op"] = 28.9999957
        let fractional = try Self.load(json)
        #expect(fractional.frameCount == 28)
        let last = try LottieAnimationTests.render(fractional, frame: 27)
        LottieAnimationTests.expectColor(last.pixel(x: 20 + 4 * 27 + 1, y: 50), 1, 0, 0)
    }

    /// A Telegram sticker is the JSON gzip-compressed; past the size limit it is refused as it inflates.
    @Test func aStickerReadsAsItsJSONWithinTheSizeLimit() throws {
        let sticker = try LottieAnimation(contentsOf: LottieAnimationTests.fixture("moving-box.tgs"))
        let json = try LottieAnimationTests.box()
        #expect(sticker.size == json.size && sticker.frameCount == json.frameCount && sticker.markers == json.markers)
        for frame in [0, 17] {
            #expect(try LottieAnimationTests.render(sticker, frame: frame).pngData()
                        == LottieAnimationTests.render(json, frame: frame).pngData())
        }
        let bytes = try Data(contentsOf: LottieAnimationTests.fixture("moving-box.tgs"))
        var limits = LottieLimits()
        limits.maximumFileSize = 800
        #expect(bytes.count < 800)
        let large = expectFlipbookError(.invalidInput) {
            _ = try LottieAnimation(data: bytes, source: "a.tgs", options: LottieOptions(limits: limits))
        }
        #expect(large?.message == "a.tgs must inflate to at most 800 bytes (LottieLimits.maximumFileSize); it inflates past that.")
        let cut = expectFlipbookError(.invalidInput) { _ = try LottieAnimation(data: bytes.prefix(200), source: "a.tgs") }
        #expect(cut?.message == "a.tgs is not a gzip-compressed Lottie file (.tgs) Flipbook can read: its compressed data ends early.")
        var damaged = bytes
        damaged[20] ^= 0xFF
        let corrupt = expectFlipbookError(.invalidInput) { _ = try LottieAnimation(data: damaged, source: "a.tgs") }
        #expect(corrupt?.message.hasPrefix("a.tgs is not a gzip-compressed Lottie file (.tgs) Flipbook can read: ") == true)
    }

    /// lottie-android's zips hold the animation as their one JSON file, without a manifest.
    @Test func aLottieAndroidZipDrawsItsImage() throws {
        let animation = try LottieAnimation(contentsOf: LottieAnimationTests.fixture("android.zip"))
        let dotLottie = try LottieAnimation(contentsOf: LottieAnimationTests.fixture("with-image.lottie"))
        #expect(try LottieAnimationTests.render(animation, frame: 0).pngData()
                    == LottieAnimationTests.render(dotLottie, frame: 0).pngData())
        LottieAnimationTests.expectColor(try LottieAnimationTests.render(animation, frame: 0).pixel(x: 20, y: 20), 0, 0, 1, 253 / 255)
    }

    /// rlottie refuses an opacity of two numbers where Flipbook's type checks pass it (a list of
    /// numbers): the message names the part the file stops loading at.
    @Test func whereRlottieStopsReadingIsNamed() throws {
        let good = try Self.boxLayer()
        var badShape = try Self.boxLayer(fill: ["a": 0, "k": [1, 0, 0, 1]])
        var shapes = try #require(badShape["shapes"] as? [[String: Any]])
        var items = try #require(shapes[0]["it"] as? [[String: Any]])
        items[1]["o"] = ["a": 0, "k": [1, 2]]
        shapes[0]["it"] = items
        badShape["shapes"] = shapes
        var json = try Self.box()
        json["layers"] = [good, good, badShape, good]
        let shape = expectFlipbookError(.invalidInput) { _ = try Self.load(json) }
        #expect(shape?.message == "a.json /layers/2/shapes/0/it/1 must be a shape rlottie can read; it passes Flipbook's checks, "
                    + "but rlottie cannot read the file with it (and can with only what comes before it).")
        var badLayer = good
        var transform = try #require(good["ks"] as? [String: Any])
        transform["o"] = ["a": 0, "k": [1, 2]]
        badLayer["ks"] = transform
        json["layers"] = [good, badLayer]
        let layer = expectFlipbookError(.invalidInput) { _ = try Self.load(json) }
        #expect(layer?.message.hasPrefix("a.json /layers/1 must be a layer rlottie can read;") == true, "\(layer?.message ?? "")")
        // In a precomposition after an asset left out: the pointer is the file's own.
        json["assets"] = [["id": "data", "t": 3, "p": "data.json", "u": "", "e": 0], ["id": "comp", "layers": [good, badLayer]]]
        json["layers"] = [["ty": 0, "nm": "Pre", "refId": "comp", "ind": 1, "ip": 0, "op": 30, "st": 0, "w": 200, "h": 100,
                           "ks": good["ks"]!]]
        let asset = expectFlipbookError(.invalidInput) { _ = try Self.load(json) }
        #expect(asset?.message.hasPrefix("a.json /assets/1/layers/1 must be a layer rlottie can read;") == true,
                "\(asset?.message ?? "")")
    }

    /// rlottie takes the layer directly above a matted layer as its matte and draws a `td` layer no
    /// layer below uses; lottie-web takes the matte `tp` names and never draws a `td` layer.
    @Test func mattesRlottieDrawsOtherwiseAreWarnings() throws {
        let box = try Self.boxLayer()
        func layer(_ ind: Int, _ extra: [String: Any]) -> [String: Any] {
            var made = box
            made["ind"] = ind
            for (key, value) in extra { made[key] = value }
            return made
        }
        var json = try Self.box()
        json["layers"] = [layer(1, ["td": 1]), layer(2, ["tt": 1, "tp": 1]), layer(3, [:]), layer(4, ["tt": 2, "tp": 1]),
                          layer(5, ["td": 1])]
        #expect(try Self.load(json).warnings.map(\.description) == [
            "/layers/3/tp: track matte from the layer with ind 1, not drawn (rlottie takes the layer directly above, "
                + "/layers/2, as the matte)",
            "/layers/4/td: matte layer drawn as an ordinary layer (rlottie hides a matte only when the layer directly "
                + "below uses it)",
        ])
        json["layers"] = [layer(1, ["tt": 1]), layer(2, ["td": 1]), layer(3, ["tt": 1]), layer(4, ["tt": 1])]
        #expect(try Self.load(json).warnings.map(\.description) == [
            "/layers/0/tt: track matte with no layer above it, not drawn",
            "/layers/3/tt: track matte from a layer with a track matte of its own, not drawn",
        ])
        // The matte directly above, named by tp or not: as rlottie draws it.
        json["layers"] = [layer(1, ["td": 1]), layer(2, ["tt": 1, "tp": 1]), layer(3, ["td": 1]), layer(4, ["tt": 3])]
        #expect(try Self.load(json).warnings.isEmpty)
    }

    @Test func shapeItemsRlottieSkipsAreWarnings() throws {
        var layer = try Self.boxLayer()
        var shapes = try #require(layer["shapes"] as? [[String: Any]])
        var items = try #require(shapes[0]["it"] as? [[String: Any]])
        items.insert(["ty": "rd", "nm": "Round", "r": ["a": 0, "k": 8]], at: 1)
        items.insert(["ty": "zz", "nm": "Zig"], at: 2)
        items.insert(["ty": "xx", "nm": "Unknown"], at: 3)
        shapes[0]["it"] = items
        layer["shapes"] = shapes
        var json = try Self.box()
        json["layers"] = [layer]
        #expect(try Self.load(json).warnings.map(\.description) == ["/layers/0/shapes/0/it/1: rounded corners, not drawn",
                                                                    "/layers/0/shapes/0/it/2: zig zag, not drawn",
                                                                    "/layers/0/shapes/0/it/3: shape type 'xx', not drawn"])
    }

    /// rlottie refuses these where it reads a number or text; Flipbook refuses them first, naming them.
    @Test(arguments: [("fr", true, "/fr must be a number (a frame rate); it is true."),
                      ("op", false, "/op must be a number (the end frame); it is false.")])
    func aBooleanIsNotANumber(key: String, value: Bool, message: String) throws {
        var json = try Self.box()
        json[key] = value
        let error = expectFlipbookError(.invalidInput) { _ = try Self.load(json) }
        #expect(error?.message == "a.json " + message)
    }

    @Test func anEmbeddedImagesFolderMustBeText() throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: LottieAnimationTests.fixture("image-slot.json")))
            as! [String: Any]
        var assets = try #require(json["assets"] as? [[String: Any]])
        assets[0]["u"] = 5
        assets[0]["sid"] = nil
        json["assets"] = assets
        json["slots"] = nil
        let error = expectFlipbookError(.invalidInput) { _ = try Self.load(json) }
        #expect(error?.message == "a.json /assets/0/u must be text (the image's folder).")
    }
}
