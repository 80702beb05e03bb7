import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// A frame of `file`'s timeline at `time`.
func frame(of file: SceneFile, at time: TimeInterval) throws -> Bitmap {
    let timeline = try file.makeTimeline()
    var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
    timeline.draw(at: time, into: &bitmap)
    return bitmap
}

/// The picture `body` draws on a canvas of `size` points at `scale`, over `background`.
func picture(_ size: CGSize, scale: CGFloat = 2, background: Color = .white,
             _ body: (inout GraphicsContext, CGSize) -> Void) throws -> Bitmap {
    var bitmap = try Bitmap(width: Int(size.width * scale), height: Int(size.height * scale))
    bitmap.draw(scale: scale, background: background, body)
    return bitmap
}

/// The text layer's only layer, as a scene.
func textScene(_ file: SceneFile) throws -> TextScene {
    let timeline = try file.makeTimeline()
    return try #require(timeline.layers.first?.scene as? TextScene)
}

/// The mean x of the pixels `isInk` picks, and how many there are.
func ink(_ bitmap: Bitmap, _ isInk: (Color) -> Bool) -> (count: Int, meanX: Double) {
    var count = 0, sum = 0
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where isInk(bitmap.pixel(x: x, y: y)) {
            count += 1
            sum += x
        }
    }
    return (count, count > 0 ? Double(sum) / Double(count) : 0)
}

@Suite("The text layer draws the canvas's Text")
struct TextSceneTests {
    static let canvas = CGSize(width: 360, height: 240)

    /// A scene of one layer whose box sits at the canvas's top-left, where the references draw.
    func file(_ layer: String, background: String = "white") throws -> SceneFile {
        let placed = layer.replacingOccurrences(of: #"{"scene": "text","#,
                                                with: #"{"scene": "text", "anchor": "topLeading", "position": [0, 0],"#)
        return try decodeScene(#"{"size": [360, 240], "scale": 2, "background": "\#(background)", "layers": [\#(placed)]}"#)
    }

    @Test func aBoxedLayerDrawsTheSamePixelsAsTextDrawnDirectly() throws {
        let layer = #"""
            {"scene": "text", "text": "Congrats, Ada! Well done.", "font": {"size": 30, "weight": "bold"},
             "color": "purple", "alignment": "center", "lineSpacing": 6, "tracking": 1.5, "size": [220, 160]}
            """#
        let file = try file(layer)
        let fit = try #require(try textScene(file).fit(at: 0))
        #expect(fit.box == CGSize(width: 220, height: 160))
        #expect(fit.scale == 1 && fit.lineCount == 3 && !fit.isTruncated, "\(fit)")
        let top = (160 - fit.textSize.height) / 2
        let reference = try picture(Self.canvas) { context, _ in
            context.draw(Text("Congrats, Ada! Well done.").font(.system(size: 30, weight: .bold)).foregroundColor(.purple)
                .multilineTextAlignment(.center).lineSpacing(6).tracking(1.5),
                         in: CGRect(x: 0, y: top, width: 220, height: 160 - top))
        }
        let drawn = try frame(of: file, at: 1)
        #expect(try drawn.pngData() == reference.pngData())
        // Wrapped to the box: two lines, each narrower than it, lying in its middle.
        #expect(fit.textSize.width <= 220)
        #expect(top > 10)
    }

    @Test func withoutASizeTheBoxIsTheNaturalSizeOneLinePerNewline() throws {
        let file = try file(#"{"scene": "text", "text": "Line one\nand the second, longer line", "font": {"size": 20}}"#)
        let scene = try textScene(file)
        let fit = try #require(scene.fit(at: 0))
        let text = Text("Line one\nand the second, longer line").font(.system(size: 20))
        var measured = CGSize.zero
        _ = try picture(Self.canvas) { context, _ in
            measured = context.resolve(text).measure(in: CGSize(width: CGFloat.infinity, height: .infinity))
        }
        #expect(fit.lineCount == 2)
        #expect(fit.box == measured)
        #expect(scene.boxSize(canvas: Self.canvas, time: 0) == measured)
        let reference = try picture(Self.canvas) { context, _ in context.draw(text, at: .zero, anchor: .topLeading) }
        #expect(try frame(of: file, at: 0).pngData() == reference.pngData())
    }

    @Test func aLineLimitTruncatesWhereTheTruncationSays() throws {
        let string = "The quick brown fox jumps over the lazy dog and keeps on running far beyond the hills"
        let file = try file(#"""
            {"scene": "text", "text": "\#(string)", "font": {"size": 22}, "size": [200, 200], "lineLimit": 2,
             "truncation": "middle"}
            """#)
        let fit = try #require(try textScene(file).fit(at: 0))
        #expect(fit.lineCount == 2)
        #expect(fit.isTruncated)
        let top = (200 - fit.textSize.height) / 2
        let reference = try picture(Self.canvas) { context, _ in
            context.draw(Text(string).font(.system(size: 22)).lineLimit(2).truncationMode(.middle),
                         in: CGRect(x: 0, y: top, width: 200, height: 200 - top))
        }
        #expect(try frame(of: file, at: 0).pngData() == reference.pngData())
    }

    @Test func truncationAloneCutsTheTextAtTheBoxHeight() throws {
        let file = try file(#"""
            {"scene": "text", "text": "one two three four five six seven eight nine ten", "font": {"size": 24},
             "size": [120, 70], "truncation": "tail"}
            """#)
        let fit = try #require(try textScene(file).fit(at: 0))
        #expect(fit.isTruncated)
        #expect(fit.textSize.height <= 70)
    }

    @Test func shrinkToFitPicksTheLargestScaleThatFits() throws {
        let string = "Happy birthday, Grace"
        let file = try file(#"""
            {"scene": "text", "text": "\#(string)", "font": {"size": 40}, "size": [240, 60], "minimumScaleFactor": 0.4}
            """#)
        let fit = try #require(try textScene(file).fit(at: 0))
        #expect(fit.scale < 1 && fit.scale >= 0.4)
        #expect(abs(fit.fontSize - 40 * fit.scale) < 1e-9)
        #expect(fit.lineCount == 1)
        // It fits at the scale chosen, and no longer fits a hair above it.
        func needs(_ scale: Double) throws -> CGSize {
            var size = CGSize.zero
            _ = try picture(Self.canvas) { context, _ in
                size = context.resolve(Text(string).font(.system(size: 40 * scale)))
                    .measure(in: CGSize(width: 240, height: CGFloat.infinity))
            }
            return size
        }
        let chosen = try needs(fit.scale)
        #expect(chosen.height <= 60 && chosen.width <= 240)
        #expect(chosen == fit.textSize)
        let above = try needs(fit.scale + 1.0 / 4096)
        #expect(above.height > 60 || above.width > 240)
        // The same choice every time.
        #expect(try textScene(file).fit(at: 0) == fit)
    }

    @Test func shrinkingKeepsWordsWholeWhereDrawingWouldBreakThem() throws {
        let shrunk = try file(#"""
            {"scene": "text", "text": "Extraordinary", "font": {"size": 40}, "size": [150, 200], "minimumScaleFactor": 0.3}
            """#)
        let fit = try #require(try textScene(shrunk).fit(at: 0))
        #expect(fit.lineCount == 1 && fit.scale < 0.7 && fit.textSize.width <= 150, "\(fit)")
        // Without a rule the word is broken between characters, which is no error while the lines fit.
        let broken = try file(#"{"scene": "text", "text": "Extraordinary", "font": {"size": 40}, "size": [150, 200]}"#)
        let brokenFit = try #require(try textScene(broken).fit(at: 0))
        #expect(brokenFit.lineCount >= 2 && brokenFit.scale == 1, "\(brokenFit)")
    }

    @Test func aTextThatFitsIsNotShrunk() throws {
        let file = try file(#"{"scene": "text", "text": "Hi", "font": {"size": 40}, "size": [240, 100], "minimumScaleFactor": 0.5}"#)
        #expect(try textScene(file).fit(at: 0)?.scale == 1)
    }

    @Test func aGradientFillRunsFromTheBoxsLeadingToTrailingEdge() throws {
        let file = try file(#"""
            {"scene": "text", "text": "MMMMMM", "font": {"size": 60, "weight": "bold"},
             "gradient": {"colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 0]}}
            """#)
        let drawn = try frame(of: file, at: 0)
        let box = try #require(try textScene(file).fit(at: 0)).box
        var left: Color?, right: Color?
        let y = Int(box.height) // the box's middle row, in pixels at scale 2
        // Inside the strokes, where the glyphs cover the pixel fully: far from the white background.
        for x in 0..<Int(box.width * 2) {
            let c = drawn.pixel(x: x, y: y)
            guard max(c.red, c.green, c.blue) - min(c.red, c.green, c.blue) > 0.6 else { continue }
            if left == nil { left = c }
            right = c
        }
        let l = try #require(left), r = try #require(right)
        // SwiftUI's red (1, 0.23, 0.19) at the leading edge, its blue (0, 0.48, 1) at the trailing one.
        #expect(l.red > 0.9 && l.blue < 0.35, "\(l)")
        #expect(r.blue > 0.9 && r.red < 0.1, "\(r)")
        // The same pixels as the canvas's Text painted with the gradient over the text's box.
        let reference = try picture(Self.canvas) { context, _ in
            context.draw(Text("MMMMMM").font(.system(size: 60, weight: .bold))
                .foregroundStyle(.linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero,
                                                 endPoint: CGPoint(x: box.width, y: 0))),
                         at: .zero, anchor: .topLeading)
        }
        #expect(try drawn.pngData() == reference.pngData())
    }

    @Test func aGradientWithoutPointsRunsFromTheBoxsTopToBottomAsAShapesDoes() throws {
        let file = try file(#"""
            {"scene": "text", "text": "MMM", "font": {"size": 60, "weight": "bold"},
             "gradient": {"colors": ["red", "blue"]}}
            """#)
        let drawn = try frame(of: file, at: 0)
        let box = try #require(try textScene(file).fit(at: 0)).box
        // The same pixels as the canvas's Text painted with SwiftUI's default axis, top to bottom.
        let reference = try picture(Self.canvas) { context, _ in
            context.draw(Text("MMM").font(.system(size: 60, weight: .bold))
                .foregroundStyle(.linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero,
                                                 endPoint: CGPoint(x: 0, y: box.height))),
                         at: .zero, anchor: .topLeading)
        }
        #expect(try drawn.pngData() == reference.pngData())
    }

    @Test func aRadialGradientCentresOnItsCenterAsAShapesDoes() throws {
        let file = try file(#"""
            {"scene": "text", "text": "MMM", "font": {"size": 60, "weight": "bold"},
             "gradient": {"kind": "radial", "colors": ["red", "blue"], "center": "topLeading", "endRadius": 50}}
            """#)
        let reference = try picture(Self.canvas) { context, _ in
            context.draw(Text("MMM").font(.system(size: 60, weight: .bold))
                .foregroundStyle(.radialGradient(Gradient(colors: [.red, .blue]), center: .zero, startRadius: 0,
                                                 endRadius: 50)),
                         at: .zero, anchor: .topLeading)
        }
        #expect(try frame(of: file, at: 0).pngData() == reference.pngData())
    }

    @Test func aKeyframedColourChangesOverTime() throws {
        let file = try file(#"""
            {"scene": "text", "text": "MMM", "font": {"size": 60, "weight": "bold"},
             "color": [{"time": 0, "value": "red"}, {"time": 1, "value": "blue"}]}
            """#)
        func count(_ time: TimeInterval, _ isColour: (Color) -> Bool) throws -> Int {
            ink(try frame(of: file, at: time), isColour).count
        }
        // SwiftUI's red is (1, 0.23, 0.19) and its blue (0, 0.48, 1).
        let red = { (c: Color) in c.red > 0.95 && c.green < 0.3 && c.blue < 0.3 }
        let blue = { (c: Color) in c.blue > 0.95 && c.red < 0.05 && c.green < 0.55 }
        #expect(try count(0, red) > 300)
        #expect(try count(0, blue) == 0)
        #expect(try count(1, blue) > 300)
        #expect(try count(1, red) == 0)
        // Halfway: the mix in linear light, as Keyframed says.
        let halfway = Keyframed(keys: [.init(time: 0, value: Color.red), .init(time: 1, value: Color.blue)]).value(at: 0.5)
        let reference = try picture(Self.canvas) { context, _ in
            context.draw(Text("MMM").font(.system(size: 60, weight: .bold)).foregroundColor(halfway), at: .zero, anchor: .topLeading)
        }
        #expect(try frame(of: file, at: 0.5).pngData() == reference.pngData())
    }

    @Test func rightToLeftTextLeadsFromTheRight() throws {
        // Arabic: the carried fonts have no Hebrew glyphs (Hebrew draws as boxes), though it is laid
        // out right to left alike.
        for string in ["مرحبا بالعالم", "عيد ميلاد سعيد ٢٠٢٦"] {
            let file = try file(#"{"scene": "text", "text": "\#(string)", "font": {"size": 30}, "size": [360, 100]}"#)
            let fit = try #require(try textScene(file).fit(at: 0))
            #expect(fit.lineCount == 1 && fit.textSize.width > 60 && fit.textSize.width < 300, "\(string)")
            let drawn = try frame(of: file, at: 0)
            let (count, meanX) = ink(drawn) { $0.red < 0.5 }
            #expect(count > 200, "\(string)")
            // Leading is the right edge for right-to-left text.
            #expect(meanX > Double(drawn.width) * 0.6, "\(string): \(meanX)")
            let reference = try picture(Self.canvas) { context, _ in
                context.draw(Text(string).font(.system(size: 30)),
                             in: CGRect(x: 0, y: (100 - fit.textSize.height) / 2, width: 360, height: (100 + fit.textSize.height) / 2))
            }
            #expect(try drawn.pngData() == reference.pngData(), "\(string)")
        }
    }

    @Test func emojiKeepTheirColours() throws {
        let file = try file(#"{"scene": "text", "text": "🎉", "font": {"size": 80}, "color": "black"}"#)
        let (inked, coloured) = inkedAndColoured(try frame(of: file, at: 0)) { $0.red < 0.95 || $0.blue < 0.95 }
        #expect(inked > 500)
        #expect(coloured > inked / 2)
    }

    @Test func aKeyframedFontSizeIsLaidOutAtEachFrame() throws {
        let file = try file(#"""
            {"scene": "text", "text": "Grow", "font": {"size": [{"time": 0, "value": 20}, {"time": 1, "value": 60}]}}
            """#)
        let scene = try textScene(file)
        let small = scene.boxSize(canvas: Self.canvas, time: 0), large = scene.boxSize(canvas: Self.canvas, time: 1)
        #expect(abs(large.height / small.height - 3) < 0.01)
        #expect(scene.fit(at: 0.5)?.fontSize == 40)
    }

    @Test func aKeyframedBoxIsCheckedAtItsKeyframesAndFollowedBetweenThem() throws {
        let size = Keyframed(keys: [.init(time: 0, value: CGSize(width: 300, height: 60)),
                                    .init(time: 1, value: CGSize(width: 100, height: 60))])
        let error = expectFlipbookError(.invalidInput) { _ = try TextScene("Shrinking box", font: .init(size: Keyframed(24)), size: size) }
        #expect(error?.message == "text does not fit its box of 100×60 points at 1 second: it needs 2 lines (66 points); "
            + "give a larger size, a lineLimit with truncation, or a minimumScaleFactor.")
        let scene = try TextScene("Shrinking box", font: .init(size: Keyframed(24)), size: size, minimumScaleFactor: 0.5)
        #expect(scene.boxSize(canvas: Self.canvas, time: 0.5) == CGSize(width: 200, height: 60))
        #expect(scene.fit(at: 0)?.scale == 1)
        #expect(try #require(scene.fit(at: 1)).scale < 1)
    }

    @Test func rulesWithoutABoxAreRefusedInSwiftToo() {
        let error = expectFlipbookError(.invalidInput) { _ = try TextScene("a", truncation: .tail) }
        #expect(error?.message == "truncation needs a size to fit in; without one the text takes its natural size.")
        #expect(error?.location.keyPath == "truncation")
        let scale = expectFlipbookError(.invalidInput) {
            _ = try TextScene("a", size: Keyframed(CGSize(width: 10, height: 10)), minimumScaleFactor: 0)
        }
        #expect(scale?.message == "minimumScaleFactor must be greater than 0 and at most 1; it is 0.")
    }

    @Test func swiftCallersGetTheSameScene() throws {
        let file = try file(#"""
            {"scene": "text", "text": "Ahoy", "font": {"size": 48, "italic": true, "weight": "heavy"}, "color": "teal",
             "size": [200, 90], "alignment": "trailing"}
            """#)
        let scene = try TextScene("Ahoy", font: .init(size: Keyframed(48), weight: .heavy, italic: true),
                                  fill: .color(Keyframed(.teal)), alignment: .trailing,
                                  size: Keyframed(CGSize(width: 200, height: 90)))
        let swift = try picture(Self.canvas) { context, size in scene.draw(in: &context, size: size, time: 0) }
        #expect(try frame(of: file, at: 0).pngData() == swift.pngData())
    }
}
