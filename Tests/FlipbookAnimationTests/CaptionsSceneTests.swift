@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// Captions drawn: the spoken word highlighted exactly while it is spoken, every glyph inside the
/// safe area, right-to-left scripts placed right to left, words popping in on their spring.
@Suite struct CaptionsSceneTests {
    static let canvas = CGSize(width: 320, height: 180)
    static let red = Color(red: 1, green: 0, blue: 0)

    /// `scene` drawn at `time` over `background` (transparent when `nil`), one pixel per point.
    static func frame(_ scene: any Scene, at time: TimeInterval, canvas: CGSize = canvas, background: Color? = .black) throws -> Bitmap {
        var bitmap = try Bitmap(width: Int(canvas.width), height: Int(canvas.height))
        bitmap.draw(background: background) { context, size in scene.draw(in: &context, size: size, time: time) }
        return bitmap
    }

    /// Whether a pixel is the highlight's red (not white, not a blend of the two).
    static func isRed(_ c: Color) -> Bool { c.red > 0.6 && c.green < 0.25 && c.blue < 0.25 }

    /// The red pixels on three rows across each box (a quarter, half and three quarters down).
    static func redPixels(in boxes: [CGRect], of bitmap: Bitmap) -> Int {
        var count = 0
        for box in boxes {
            for fraction in [0.25, 0.5, 0.75] {
                let y = Int(box.minY + box.height * fraction)
                guard y >= 0, y < bitmap.height else { continue }
                for x in max(Int(box.minX.rounded(.up)), 0)..<min(Int(box.maxX), bitmap.width) where isRed(bitmap.pixel(x: x, y: y)) {
                    count += 1
                }
            }
        }
        return count
    }

    /// 200 words with seeded lengths, durations and silences between them.
    static func transcript() throws -> CaptionTrack {
        var random = SeededRandom(seed: 200)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var cues: [CaptionCue] = []
        var time = 0.2
        for _ in 0..<200 {
            let word = String((0..<(2 + random.index(below: 7))).map { _ in letters[random.index(below: letters.count)] })
            let end = time + random.uniform(0.15...0.5)
            cues.append(CaptionCue(words: [CaptionWord(word, start: time, end: end)], start: time, end: end))
            // Most words follow at once; some after a pause.
            time = end + (random.nextUnit() < 0.7 ? 0 : random.uniform(0.05...0.4))
        }
        return try CaptionTrack(cues: cues, path: "transcript.json", cuesArePages: false)
    }

    @Test func theHighlightedWordIsTheSpokenOneAtEveryFrame() throws {
        let track = try Self.transcript()
        let scene = try CaptionsScene(track, canvas: Self.canvas, style: .highlight, font: .init(size: Keyframed(20), weight: .bold),
                                      color: .white, highlightColor: Self.red, combine: 1.2)
        let words = track.cues.flatMap(\.words)
        let fps = 24.0
        let frames = Int((words.last!.end + 0.5) * fps)
        var checkedHighlights = 0
        for frame in 0..<frames {
            let t = Double(frame) / fps
            let bitmap = try Self.frame(scene, at: t)
            let spoken = words.firstIndex { $0.start <= t && t < $0.end }
            guard let index = scene.pageIndex(at: t), let (boxes, _) = scene.wordBoxes(at: t) else {
                #expect(spoken == nil, "frame \(frame): no page while \(words[spoken ?? 0].text) is spoken")
                continue
            }
            let page = scene.pages[index]
            for (position, word) in page.words.enumerated() {
                let red = Self.redPixels(in: boxes[position], of: bitmap)
                if let spoken, word == words[spoken] {
                    #expect(red > 0, "frame \(frame) (t = \(t)): the spoken word \(word.text) is not highlighted")
                    checkedHighlights += 1
                } else {
                    #expect(red == 0, "frame \(frame) (t = \(t)): \(word.text) is highlighted but \(spoken.map { words[$0].text } ?? "none") is spoken")
                }
            }
        }
        // Most frames fall on a spoken word.
        #expect(checkedHighlights > frames / 2)
    }

    @Test(.slow("lays out and draws a thousand random cue sets"))
    func noGlyphPixelFallsOutsideTheSafeAreaOverAThousandRandomCueSets() throws {
        var random = SeededRandom(seed: 1000)
        let canvas = CGSize(width: 160, height: 96)
        let alphabet = "abcdefghijklmnopqrstuvwxyzWMQ".map(String.init) + ["مرحبا", "😀", "🎉", "ÉÅ"]
        for set in 0..<1000 {
            var cues: [CaptionCue] = []
            var time = 0.0
            for _ in 0..<(1 + random.index(below: 3)) {
                let words = (0..<(1 + random.index(below: 8))).map { _ in
                    (0..<(1 + random.index(below: 10))).map { _ in alphabet[random.index(below: alphabet.count)] }.joined()
                }
                let end = time + random.uniform(0.4...2)
                cues.append(CaptionCue(text: words.joined(separator: " "), start: time, end: end))
                time = end
            }
            let width = random.uniform(30...150), height = random.uniform(12...80)
            let box = CGRect(x: random.uniform(0...(160 - width)), y: random.uniform(0...(96 - height)), width: width, height: height)
            let style = CaptionsScene.Style.allCases[random.index(below: 4)]
            let scene = try CaptionsScene(
                try CaptionTrack(cues: cues, path: "random.srt"), canvas: canvas, box: box, style: style,
                font: .init(size: Keyframed(random.uniform(6...40)), weight: random.nextUnit() < 0.5 ? .bold : .regular),
                pill: random.nextUnit() < 0.5, lineLimit: 1 + random.index(below: 3), minimumScaleFactor: random.uniform(0.3...1))
            // A popping word is largest about 0.28 s after it starts; a few words of a random page.
            let page = scene.pages[random.index(below: scene.pages.count)]
            for word in page.words.prefix(3) {
                let bitmap = try Self.frame(scene, at: word.start + 0.28, canvas: canvas, background: nil)
                let outside = Self.inkedPixelsOutside(box, of: bitmap)
                #expect(outside.isEmpty, "set \(set) (\(style.rawValue), box \(box)): ink at \(outside.prefix(5))")
                if !outside.isEmpty { return }
            }
        }
    }

    /// The pixels with any alpha that lie wholly outside `box`.
    static func inkedPixelsOutside(_ box: CGRect, of bitmap: Bitmap) -> [(Int, Int)] {
        bitmap.withUnsafeBytes { bytes, bytesPerRow in
            var found: [(Int, Int)] = []
            for y in 0..<bitmap.height {
                let rowOutside = CGFloat(y + 1) <= box.minY || CGFloat(y) >= box.maxY
                for x in 0..<bitmap.width where rowOutside || CGFloat(x + 1) <= box.minX || CGFloat(x) >= box.maxX {
                    // Premultiplied BGRA in memory: alpha is the fourth byte.
                    if bytes[y * bytesPerRow + x * 4 + 3] != 0 { found.append((x, y)) }
                }
            }
            return found
        }
    }

    @Test func anArabicCueRendersRightToLeft() throws {
        // "Hello world": مرحبا is the first word, spoken first, so it is the one in red.
        let track = try CaptionTrack(cues: [CaptionCue(text: "مرحبا بالعالم", start: 0, end: 2)], path: "arabic.srt")
        // Both words on one page: the cue lasts 2 s, longer than the default window.
        let scene = try CaptionsScene(track, canvas: Self.canvas, style: .highlight, font: .init(size: Keyframed(28)),
                                      color: .white, highlightColor: Self.red, combine: 5, spreadWords: true)
        let first = try #require(track.cues[0].words.first)
        #expect(first.text == "مرحبا")
        let bitmap = try Self.frame(scene, at: first.start + 0.1)
        var red: [Int] = [], white: [Int] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let c = bitmap.pixel(x: x, y: y)
                if Self.isRed(c) { red.append(x) } else if c.red > 0.8, c.green > 0.8, c.blue > 0.8 { white.append(x) }
            }
        }
        try #require(red.count > 20 && white.count > 20)
        // The first word's pixels all lie right of the second word's.
        #expect(red.min()! > white.max()!, "first word x \(red.min()!)…\(red.max()!), second \(white.min()!)…\(white.max()!)")
        let boxes = try #require(scene.wordBoxes(at: 0.1)?.boxes)
        #expect(boxes[0][0].minX > boxes[1][0].maxX)
    }

    @Test func popScalesEachWordInOnItsSpring() throws {
        #expect(CaptionsScene.popScale(elapsed: 0) == CaptionsScene.popStartScale)
        #expect(abs(CaptionsScene.popScale(elapsed: 5) - 1) < 1e-6)
        // The largest scale sampled finely is the overshoot the formula gives.
        let sampled = stride(from: 0.0, through: 2, by: 0.0005).map { CaptionsScene.popScale(elapsed: $0) }.max()!
        #expect(abs(sampled - CaptionsScene.popPeak) < 1e-5 && CaptionsScene.popPeak > 1)
        // Drawn: a word just started covers less than when settled.
        let track = try CaptionTrack(cues: [CaptionCue(words: [CaptionWord("Pop", start: 0, end: 1)], start: 0, end: 1)], path: "pop.json")
        let scene = try CaptionsScene(track, canvas: Self.canvas, style: .pop, font: .init(size: Keyframed(40)), color: .white)
        func ink(_ t: TimeInterval) throws -> Int {
            inkedAndColoured(try Self.frame(scene, at: t)) { $0.red > 0.5 }.inked
        }
        let early = try ink(0.02), settled = try ink(0.95)
        #expect(Double(early) < 0.5 * Double(settled), "early \(early), settled \(settled)")
    }

    @Test func wordByWordShowsOnlyTheWordsStartedSoFar() throws {
        let track = try CaptionTrack(cues: [CaptionCue(text: "one two three", start: 0, end: 1.3)], path: "w.srt")
        let scene = try CaptionsScene(track, canvas: Self.canvas, style: .wordByWord, font: .init(size: Keyframed(24)), color: .white,
                                      combine: 5, spreadWords: true)
        let (boxes, _) = try #require(scene.wordBoxes(at: 0))
        func inked(_ t: TimeInterval, word: Int) throws -> Bool {
            let bitmap = try Self.frame(scene, at: t)
            let box = boxes[word][0]
            return (Int(box.minX)..<Int(box.maxX)).contains { x in bitmap.pixel(x: x, y: Int(box.midY)).red > 0.5 }
        }
        // "one" is 3/11 of the cue: 0 to 0.3545 s; "two" to 0.709 s.
        #expect(try inked(0.1, word: 0) && !(try inked(0.1, word: 1)) && !(try inked(0.1, word: 2)))
        #expect(try inked(0.5, word: 1) && !(try inked(0.5, word: 2)))
        #expect(try inked(1.0, word: 2))
    }

    @Test func aPageTooLongForTheBoxShrinksThenSplits() throws {
        let words = (1...30).map { "word\($0)" }.joined(separator: " ")
        let track = try CaptionTrack(cues: [CaptionCue(text: words, start: 0, end: 6)], path: "long.srt")
        let scene = try CaptionsScene(track, canvas: Self.canvas, font: .init(size: Keyframed(20)), lineLimit: 2,
                                      minimumScaleFactor: 0.5, combine: 60)
        #expect(scene.pages.count > 1)
        #expect(scene.pages.flatMap(\.words).map(\.text) == (1...30).map { "word\($0)" })
        for index in scene.pages.indices {
            let fontSize = scene.layouts[index].fontSize
            #expect(fontSize >= 10 && fontSize <= 20)
        }
        // Nothing is shown after the last word, nor before the first.
        #expect(scene.pageIndex(at: 6) == nil && scene.pageIndex(at: -0.1) == nil)
    }

    @Test func theSceneFileLayerReadsItsKeysAndWarnsOfCuesPastTheClip() throws {
        let json = #"""
            {"size": [320, 180], "scale": 1, "fps": 10, "duration": 2, "parameters": {"accent": {"type": "color", "default": "#ff0000"}},
             "layers": [{"scene": "captions", "src": "talk.srt", "style": "word-by-word", "highlightColor": "{{accent}}",
                         "box": [10, 100, 300, 70], "lineLimit": 1, "combineMs": 800, "font": {"size": 18}}]}
            """#
        let file = try SceneFile.decode(Data(json.utf8), source: "scene.json", baseDirectory: CaptionTrackTests.folder)
        let timeline = try file.makeTimeline()
        let scene = try #require(timeline.layers[0].scene as? CaptionsScene)
        #expect(scene.style == .wordByWord && scene.highlightColor == Self.red && scene.lineLimit == 1 && scene.combine == 0.8)
        #expect(scene.box == CGRect(x: 10, y: 100, width: 300, height: 70) && scene.font.weight == .bold)
        let path = CaptionTrackTests.folder.appendingPathComponent("talk.srt").path
        // Only the third cue starts after the 2-second clip.
        #expect(timeline.warnings == ["\(path):10: the cue at 3 seconds starts after the clip ends (2 seconds); it is not shown."])
        #expect(try SceneFile.decode(file.jsonData()) == file)
    }
}
