@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// Sequences: children one after another, their lengths, and each transition's picture.
@Suite("Sequences play their children one after another, joined by transitions")
struct SequenceTests {
    static let size = CGSize(width: 64, height: 36)

    /// Red for 1 s, then blue for 1 s, joined by `transition` (each a full-canvas fill).
    static func pair(_ transition: Timeline.Transition) -> Timeline.Sequence {
        Timeline.Sequence {
            Timeline.Sequence.Child(FillScene(color: pureRed), duration: 1)
            Timeline.Sequence.Child(FillScene(color: pureBlue), duration: 1).transition(transition)
        }
    }

    @Test("Three 2 s children with two 0.5 s fades last 5 s; laid over the cuts, 6 s; in a file, the same")
    func lengths() throws {
        func three(overlap: Bool) -> Timeline.Sequence {
            let fade = Timeline.Transition.opacity.duration(0.5).overlap(overlap)
            return Timeline.Sequence {
                Timeline.Sequence.Child(FillScene(color: pureRed), duration: 2)
                Timeline.Sequence.Child(FillScene(color: pureBlue), duration: 2).transition(fade)
                Timeline.Sequence.Child(FillScene(color: .white), duration: 2).transition(fade)
            }
        }
        #expect(three(overlap: true).duration == 5)
        #expect(three(overlap: true).layers.map(\.start) == [0, 1.5, 3])
        #expect(three(overlap: false).duration == 6)
        #expect(three(overlap: false).layers.map(\.start) == [0, 2, 4])
        for (overlap, expected) in [(true, 5.0), (false, 6.0)] {
            let fade = #"{"kind": "fade", "duration": 0.5, "overlap": \#(overlap)}"#
            let file = try decodeScene(#"""
                {"size": [64, 36], "fps": 10, "duration": "auto", "layers": [{"scene": "sequence", "layers": [
                  {"scene": "shape", "shape": "rect", "duration": 2},
                  {"scene": "shape", "shape": "rect", "duration": 2, "transition": \#(fade)},
                  {"scene": "shape", "shape": "rect", "duration": 2, "transition": \#(fade)}]}]}
                """#)
            let timeline = try file.makeTimeline()
            #expect(timeline.duration == expected)
            #expect(timeline.frameCount == Int(expected * 10))
            let times = timeline.layerTimes.map { "\($0.layer) \($0.span)" }
            #expect(times == (overlap ? ["layers[0] 0–5 s", "layers[0].layers[0] 0–2 s", "layers[0].layers[1] 1.5–3.5 s",
                                         "layers[0].layers[2] 3–5 s"]
                                      : ["layers[0] 0–6 s", "layers[0].layers[0] 0–2 s", "layers[0].layers[1] 2–4 s",
                                         "layers[0].layers[2] 4–6 s"]))
        }
    }

    @Test("A fade's midpoint frame is the half-and-half mix within one level per channel")
    func fadeMidpoint() throws {
        let sequence = Self.pair(.opacity.duration(0.5))
        // The blue child starts at 0.5 s (a 0.5 s overlap), so 0.75 s is the fade's middle.
        let frame = try renderLayers([Timeline.Layer(sequence)], at: 0.75, size: Self.size)
        let pixel = frame.pixel(x: 30, y: 18)
        #expect(abs(pixel.red * 255 - 127.5) <= 1 && pixel.green == 0 && abs(pixel.blue * 255 - 127.5) <= 1, "\(pixel)")
        #expect(try renderLayers([Timeline.Layer(sequence)], at: 1.0, size: Self.size).pixel(x: 30, y: 18) == pureBlue)
    }

    /// Each effect at progress `p`, and the same picture drawn with the canvas directly.
    static var kinds: [(String, Timeline.Transition, Double, (inout CairoCanvas) -> Void)] {
        let (w, h) = (size.width, size.height)
        let whole = CGRect(origin: .zero, size: size)
        func fill(_ rect: CGRect, _ color: Color, opacity: Double = 1) -> (inout CairoCanvas) -> Void {
            { context in
                var c = context
                c.opacity = opacity
                c.fill(Path(rect), with: .color(color))
            }
        }
        func both(_ parts: ((inout CairoCanvas) -> Void)...) -> (inout CairoCanvas) -> Void {
            { context in for part in parts { part(&context) } }
        }
        let green = Color(red: 0, green: 1, blue: 0)
        return [
            ("fade", .opacity, 0.3, both(fill(whole, pureRed), fill(whole, pureBlue, opacity: 0.3))),
            ("dip, first half", .dip(through: green), 0.3, both(fill(whole, pureRed), fill(whole, green, opacity: 0.6))),
            ("dip, second half", .dip(through: green), 0.7, both(fill(whole, pureBlue), fill(whole, green, opacity: 0.6))),
            ("slide", .slide, 0.3, both(fill(whole, pureRed), fill(whole.offsetBy(dx: -w * 0.7, dy: 0), pureBlue))),
            ("move from the bottom", .move(edge: .bottom), 0.25,
             both(fill(whole, pureRed), fill(whole.offsetBy(dx: 0, dy: h * 0.75), pureBlue))),
            ("push from the trailing edge", .push(from: .trailing), 0.25,
             both(fill(whole.offsetBy(dx: -w * 0.25, dy: 0), pureRed), fill(whole.offsetBy(dx: w * 0.75, dy: 0), pureBlue))),
            ("wipe from the top", .wipe(.edge(.top)), 0.5, both(fill(whole, pureRed), fill(CGRect(x: 0, y: 0, width: w, height: h / 2), pureBlue))),
            ("iris", .wipe(.iris), 0.5, { context in
                context.fill(Path(whole), with: .color(pureRed))
                let r = hypot(w, h) / 4
                context.fill(Path(ellipseIn: CGRect(x: w / 2 - r, y: h / 2 - r, width: 2 * r, height: 2 * r)), with: .color(pureBlue))
            }),
            ("clock", .wipe(.clock), 0.3, { context in
                context.fill(Path(whole), with: .color(pureRed))
                var pie = Path()
                pie.move(to: CGPoint(x: w / 2, y: h / 2))
                pie.addArc(center: CGPoint(x: w / 2, y: h / 2), radius: hypot(w, h) / 2 + 1, startAngle: .degrees(-90),
                           endAngle: .degrees(-90 + 108), clockwise: false)
                pie.closeSubpath()
                context.fill(pie, with: .color(pureBlue))
            }),
            ("zoom", .scale, 0.5, both(fill(whole, pureRed), fill(CGRect(x: w / 4, y: h / 4, width: w / 2, height: h / 2), pureBlue))),
            ("blur", .blurReplace, 0.5, { context in
                let radius = CGFloat(min(w, h) / 10 * 0.5)
                context.drawLayer { mix in
                    var old = mix
                    old.opacity = 0.5
                    old.addFilter(.blur(radius: radius))
                    old.drawLayer { $0.fill(Path(whole), with: .color(pureRed)) }
                    var new = mix
                    new.opacity = 0.5
                    new.blendMode = .plusLighter
                    new.addFilter(.blur(radius: radius))
                    new.drawLayer { $0.fill(Path(whole), with: .color(pureBlue)) }
                }
            }),
        ]
    }

    @Test("Each kind of transition draws the frame drawn directly with the same geometry")
    func eachKind() throws {
        for (name, transition, progress, reference) in Self.kinds {
            // A 1 s transition starting at 0 s: progress p is at p seconds.
            let frame = try renderLayers([Timeline.Layer(Self.pair(transition.duration(1)))], at: progress, size: Self.size)
            let expected = try renderReference(size: Self.size, reference)
            #expect(psnr(frame, expected) > 40, "\(name): \(psnr(frame, expected)) dB")
        }
    }

    @Test("Laid over the cut, the old child holds its last instant and the new one its first")
    func overlay() throws {
        let sequence = Self.pair(.wipe(.edge(.leading)).duration(0.5).overlap(false))
        #expect(sequence.duration == 2)
        // The wipe runs from 0.75 s to 1.25 s: a quarter of the way at 0.875 s.
        let frame = try renderLayers([Timeline.Layer(sequence)], at: 0.875, size: Self.size)
        #expect(frame.pixel(x: 10, y: 18) == pureBlue && frame.pixel(x: 30, y: 18) == pureRed)
        #expect(try renderLayers([Timeline.Layer(sequence)], at: 0.7, size: Self.size).pixel(x: 10, y: 18) == pureRed)
    }

    @Test("Each kind a file names makes its Swift transition, with its direction, colour, shape, easing and overlap")
    func fileKinds() throws {
        let cases: [(String, Timeline.Transition.Effect)] = [
            (#""kind": "fade""#, .opacity), (#""kind": "dip", "color": "white""#, .dip(.white)),
            (#""kind": "slide""#, .move(.leading)), (#""kind": "push", "direction": "fromBottom""#, .push(.bottom)),
            (#""kind": "wipe", "direction": "fromRight""#, .wipe(.edge(.trailing))),
            (#""kind": "wipe", "shape": "clock""#, .wipe(.clock)), (#""kind": "iris""#, .wipe(.iris)),
            (#""kind": "zoom""#, .scale), (#""kind": "blur""#, .blurReplace),
        ]
        for (keys, effect) in cases {
            let file = try decodeScene(#"""
                {"size": [64, 36], "duration": 3, "layers": [{"scene": "sequence", "layers": [
                  {"scene": "text", "text": "A", "duration": 1},
                  {"scene": "text", "text": "B", "duration": 1, "transition": {\#(keys), "duration": 0.4, "overlap": false, "spring": "snappy"}}]}]}
                """#)
            let sequence = try #require(try file.makeTimeline().layers.first?.scene as? Timeline.Sequence)
            #expect(sequence.children[1].transition == Timeline.Transition(effect, duration: 0.4, overlap: false, easing: .spring(.snappy)))
        }
    }

    @Test("\"auto\" takes a Lottie animation's and a captions file's length; a looping Lottie has none")
    func mediaLengths() throws {
        let lottie = packageFile("Fixtures/Lottie/star-badge.json").path
        let captions = packageFile("Fixtures/Captions/talk.srt").path
        let file = try decodeScene(#"""
            {"size": [64, 36], "duration": "auto", "layers": [{"scene": "sequence", "layers": [
              {"scene": "lottie", "src": "\#(lottie)", "duration": "auto"},
              {"scene": "captions", "src": "\#(captions)"}]}]}
            """#)
        let sequence = try #require(try file.makeTimeline().layers.first?.scene as? Timeline.Sequence)
        let animation = try #require(sequence.layers[0].scene as? LottieScene)
        let track = try #require(sequence.layers[1].scene as? CaptionsScene)
        #expect(sequence.layers[0].end == Double(animation.span.count) / animation.animation.frameRate)
        #expect(sequence.children[1].resolvedDuration == track.track.cues.map(\.end).max())
        let looping = try decodeScene(#"{"duration": 1, "layers": [{"scene": "lottie", "src": "\#(lottie)", "loop": true, "end": "auto"}]}"#)
        #expect(expectFlipbookError(.invalidInput) { _ = try looping.makeTimeline() }?.message.hasPrefix(
            #"layers[0].end is "auto", but this lottie layer has no natural length"#) == true)
    }

    @Test("An eased transition's progress follows the keyframe curve")
    func easing() {
        let eased = Timeline.Transition.opacity.duration(2).easing(.curve(.easeIn))
        #expect(abs(eased.progress(at: 1) - UnitCurve.easeIn.value(at: 0.5)) < 1e-9)
        #expect(eased.progress(at: 0) == 0 && eased.progress(at: 2) == 1)
    }

    @Test("Sequences nest, sit in groups and take a layer's opacity; a file's transition reads back as written")
    func nesting() throws {
        let file = try decodeScene(#"""
            {"size": [64, 36], "fps": 10, "duration": "auto", "background": "white", "layers": [{"scene": "group", "layers": [
              {"scene": "sequence", "opacity": 0.5, "layers": [
                {"scene": "sequence", "layers": [{"scene": "shape", "shape": "rect", "size": [64, 36], "fill": "#FF0000", "duration": 1}]},
                {"scene": "shape", "shape": "rect", "size": [64, 36], "fill": "#0000FF", "duration": 1,
                 "transition": {"kind": "wipe", "shape": "clock", "duration": 0.5, "curve": "easeInOut"}}]}]}]}
            """#)
        let timeline = try file.makeTimeline()
        #expect(timeline.duration == 1.5)
        var bitmap = try timeline.makeBitmap()
        timeline.draw(at: 0.2, into: &bitmap)
        #expect(near(bitmap.pixel(x: 30, y: 18), Color(red: 1, green: 0.5, blue: 0.5), 0.01))
        let written = String(decoding: try file.jsonData(), as: UTF8.self)
        #expect(written.contains(#""transition" : {"#) || written.contains(#""transition": {"#), "\(written)")
        #expect(try SceneFile.decode(file.jsonData(), source: "again.json") == file)
    }
}
