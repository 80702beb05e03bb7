import Flipbook
@testable import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing

// 64×36 at 5 fps for 8 s with a keyframe every second and no lookahead: four segments of ten
// frames, each encoded with the four frames after it. Their encoded frames span, in seconds:
// S0 0–2.6, S1 2.0–4.6, S2 4.0–6.6, S3 6.0–7.8; each layer below shows inside one of them.

private func fixture(_ path: String) -> String { packageFile("Fixtures/" + path).path }

/// One layer of each kind, each with the segments its window reaches.
private let kinds: [(name: String, json: String, reaches: [Int])] = [
    ("shape", #"{"scene": "shape", "shape": "rect", "size": [20, 10], "fill": "red", "end": 1}"#, [0]),
    ("text", #"{"scene": "text", "text": "Hi", "font": {"size": 12}, "color": "black", "start": 0.2, "end": 1.5}"#, [0]),
    ("image", #"{"scene": "image", "src": "\#(fixture("Images/wide.png"))", "size": [30, 15], "start": 2.8, "end": 3.6}"#, [1]),
    ("confetti", #"{"scene": "confetti", "seed": 3, "bursts": [{"count": 40, "emitter": "topRain"}], "start": 2.7, "end": 3.9}"#, [1]),
    ("video", #"{"scene": "video", "src": "\#(fixture("Video/phone-clip.mp4"))", "size": [18, 32], "muted": true, "start": 2.75, "end": 3.8}"#, [1]),
    ("ripples", #"{"scene": "ripples", "ripples": [{"center": [32, 18]}], "start": 4.8, "end": 5.8}"#, [2]),
    ("group", #"{"scene": "group", "size": [40, 20], "start": 5, "end": 5.6, "layers": [{"scene": "shape", "shape": "circle", "size": [10, 10], "fill": "blue"}]}"#, [2]),
    ("lottie", #"{"scene": "lottie", "src": "\#(fixture("Lottie/moving-box.json"))", "size": [30, 30], "start": 6.8}"#, [3]),
    ("captions", #"{"scene": "captions", "src": "\#(fixture("Captions/talk.srt"))", "font": {"size": 8}, "color": "black", "start": 6.7}"#, [3]),
]

private func scene(_ layers: [String], blur: Bool = false) -> String {
    #"{"size": [64, 36], "scale": 1, "fps": 5, "duration": 8, "background": "white","#
        + (blur ? #" "motionBlur": {"shutter": 180, "samples": 2},"# : "")
        + #" "layers": [\#(layers.joined(separator: ",\n"))]}"#
}

/// `layer` with a changed opacity: an edit every kind of layer takes.
private func edited(_ layer: String) -> String {
    String(layer.dropLast()) + #", "opacity": 0.7}"#
}

/// Renders scene files in a scratch folder, with or without a shared cache.
private struct CacheRig {
    let scratch: TemporaryDirectory
    var cache: String { scratch.path("cache") }
    private let counter = RenderCount()

    init() throws { scratch = try TemporaryDirectory("segment-cache") }

    /// The bytes of `scene` rendered to a new file, and the segments rendered rather than reused.
    func render(_ scene: String, cached: Bool = true, cache folder: String? = nil) throws
        -> (bytes: Data, rendered: [Int], file: URL) {
        let name = "r\(counter.next())"
        let sceneFile = try scratch.write("\(name).json", scene)
        var request = RenderRequest(scene: SceneRequest(scene: sceneFile), output: scratch.path("\(name).mp4"))
        request.encoding.keyframeInterval = 1
        request.encoding.lookahead = 0
        if cached { request.cache = folder ?? cache }
        var plan = try request.plan()
        plan.segmentEncoders = 2
        let report = try plan.run(workers: 1)
        let timings = try #require(report.segments).timings
        #expect(timings.count == 4)
        let file = scratch.file("\(name).mp4")
        return (try Data(contentsOf: file), timings.filter { !$0.reused }.map { $0.index }, file)
    }

    func entries(in folder: String? = nil) -> [URL] {
        let url = URL(fileURLWithPath: folder ?? cache)
        return ((try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "segment" }.sorted { $0.path < $1.path }
    }
}

private final class RenderCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

@Suite("Segment cache")
struct SegmentCacheTests {
    @Test("cached renders are the uncached bytes for every kind of layer, and an edit re-renders only the segments it reaches")
    func everyKind() throws {
        let rig = try CacheRig()
        let layers = kinds.map(\.json)
        let cold = try rig.render(scene(layers))
        #expect(cold.rendered == [0, 1, 2, 3])
        #expect(cold.bytes == (try rig.render(scene(layers), cached: false)).bytes)
        let warm = try rig.render(scene(layers))
        #expect(warm.rendered == [])
        #expect(warm.bytes == cold.bytes)
        #expect(rig.entries().count == 4)
        for (index, kind) in kinds.enumerated() {
            var changed = layers
            changed[index] = edited(kind.json)
            let cached = try rig.render(scene(changed))
            #expect(cached.rendered == kind.reaches, "\(kind.name)")
            #expect(cached.bytes == (try rig.render(scene(changed), cached: false)).bytes, "\(kind.name)")
            #expect(cached.bytes != cold.bytes, "\(kind.name): the edit shows")
        }
    }

    @Test("motion blur widens a layer's reach by a frame; sound reaches no segment of the picture")
    func reach() throws {
        let rig = try CacheRig()
        // Starts 0.1 s after S0's last encoded frame: one frame (0.2 s) of blur reaches into it.
        let late = #"{"scene": "shape", "shape": "rect", "size": [20, 10], "fill": "red", "start": 2.7, "end": 3.5}"#
        let sound = #"{"scene": "audio", "src": "\#(fixture("Audio/loop.wav"))", "volume": -6}"#
        for blur in [false, true] {
            _ = try rig.render(scene([late], blur: blur))
            let moved = try rig.render(scene([edited(late)], blur: blur))
            #expect(moved.rendered == (blur ? [0, 1] : [1]), "blur \(blur)")
        }
        let before = try rig.render(scene([late, sound]))
        let quieter = sound.replacingOccurrences(of: "-6", with: "-14")
        let after = try rig.render(scene([late, quieter]))
        #expect(after.rendered == [], "the picture is unchanged")
        #expect(after.bytes == (try rig.render(scene([late, quieter]), cached: false)).bytes)
        let loud = try decodedSound(before.file).samplePeak, soft = try decodedSound(after.file).samplePeak
        #expect(soft > 0 && soft < loud * 0.5, "the sound is 8 dB quieter")
    }

    @Test("a font family's files enter the digest of the layers naming it")
    func fontFamilyFiles() throws {
        let rig = try CacheRig()
        // A family of this test's own, its files a bundle's copies (supplied for the process).
        let family = "Flipbook Cache Test \(UUID().uuidString.prefix(8))"
        let fontFile = rig.scratch.file("family.ttf")
        try Data(contentsOf: packageFile("Fixtures/Text/Fonts/DejaVuSansMono.ttf")).write(to: fontFile)
        Font.supply(family: family, files: [fontFile])
        let text = #"{"scene": "text", "text": "Hi", "font": {"size": 12, "family": "\#(family)"}, "start": 6.5}"#
        let other = #"{"scene": "shape", "shape": "rect", "size": [20, 10], "fill": "red", "end": 1}"#
        let sceneFile = try rig.scratch.write("font.json", scene([other, text]))
        func layerDigests() throws -> [String] {
            var request = RenderRequest(scene: SceneRequest(scene: sceneFile), output: rig.scratch.path("font.mp4"))
            request.cache = rig.cache
            return try #require(try request.plan().caching).identity.layers.map(\.digest)
        }
        let before = try layerDigests()
        #expect(try layerDigests() == before, "the same files give the same digests")
        // Replaced, not rewritten in place: planning has the old file open (mapped) already.
        try Data(contentsOf: packageFile("Sources/FlipbookDrawing/Fonts/NotoSansMono-Regular.ttf")).write(to: fontFile, options: .atomic)
        let after = try layerDigests()
        #expect(after.count == 2 && after[0] == before[0] && after[1] != before[1], "only the text layer's digest changes")
    }

    @Test("a damaged or cut-short entry is rendered again, and stored whole")
    func damagedEntry() throws {
        let rig = try CacheRig()
        let layers = [kinds[0].json, kinds[3].json, kinds[5].json]
        let cold = try rig.render(scene(layers))
        let entries = rig.entries()
        #expect(entries.count == 4)
        var flipped = try Data(contentsOf: entries[0])
        flipped[flipped.count - 3] ^= 0x40
        try flipped.write(to: entries[0])
        let whole = try Data(contentsOf: entries[1])
        try whole.prefix(whole.count / 2).write(to: entries[1])
        let again = try rig.render(scene(layers))
        #expect(again.rendered.count == 2)
        #expect(again.bytes == cold.bytes)
        #expect((try rig.render(scene(layers))).rendered == [])
    }

    @Test("two renders sharing a cache at once write the uncached bytes and leave whole entries")
    func sharedAtOnce() throws {
        let rig = try CacheRig()
        let layers = [kinds[0].json, kinds[3].json, kinds[5].json, kinds[7].json]
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            results.add(Result { try rig.render(scene(layers)).bytes })
        }
        let uncached = try rig.render(scene(layers), cached: false).bytes
        for result in results.all { #expect(try result.get() == uncached) }
        #expect(results.all.count == 2)
        #expect(rig.entries().count == 4)
        #expect(!rig.scratch.contents.contains { $0.contains(".partial") })
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: rig.cache)) ?? []).allSatisfy { !$0.hasSuffix(".partial") })
        #expect((try rig.render(scene(layers))).rendered == [])
    }

    @Test("the cache keeps under its limit, removing the entries used longest ago")
    func limit() throws {
        let rig = try CacheRig()
        let layers = [kinds[0].json, kinds[5].json]
        _ = try rig.render(scene(layers))
        let sizes = try rig.entries().map { try #require(try $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) }
        let cache = SegmentCache(directory: URL(fileURLWithPath: rig.cache), limit: sizes.reduce(0, +) - 1)
        cache.evict()
        #expect(rig.entries().count == 3)
    }

    @Test("a clip too short to cut is kept as one segment: copied when unchanged, rendered again when edited, the uncached bytes")
    func oneSegment() throws {
        let rig = try CacheRig()
        // 1 s at 5 fps with x264's own keyframe interval: five frames, one segment.
        let short = { (layers: [String]) in scene(layers).replacingOccurrences(of: #""duration": 8"#, with: #""duration": 1"#) }
        let layers = [kinds[0].json, kinds[5].json.replacingOccurrences(of: #""start": 4.8, "end": 5.8"#, with: #""start": 0.2"#)]
        func render(_ scene: String, cached: Bool = true) throws -> (bytes: Data, rendered: [Int]?) {
            let sceneFile = try rig.scratch.write("short-\(UUID().uuidString).json", scene)
            let output = rig.scratch.path("short-\(UUID().uuidString).mp4")
            var request = RenderRequest(scene: SceneRequest(scene: sceneFile), output: output)
            if cached { request.cache = rig.cache }
            let report = try request.plan().run(workers: 1)
            #expect(report.frameCount == 5)
            let rendered = report.segments.map { $0.timings.filter { !$0.reused }.map(\.index) }
            return (try Data(contentsOf: URL(fileURLWithPath: output)), rendered)
        }
        let uncached = try render(short(layers), cached: false)
        #expect(uncached.rendered == nil, "without a cache a short clip is one encode")
        let cold = try render(short(layers))
        #expect(cold.rendered == [0] && cold.bytes == uncached.bytes)
        #expect(rig.entries().count == 1)
        let warm = try render(short(layers))
        #expect(warm.rendered == [] && warm.bytes == uncached.bytes)
        let edit = [edited(layers[0]), layers[1]]
        let changed = try render(short(edit))
        #expect(changed.rendered == [0])
        #expect(changed.bytes == (try render(short(edit), cached: false)).bytes && changed.bytes != cold.bytes)
        #expect(rig.entries().count == 2)
    }

    @Test("a clip with sound is cut into segments; its sound is the one-encode render's")
    func soundSegmented() throws {
        let scratch = try TemporaryDirectory("segment-sound")
        let sound = #"{"scene": "audio", "src": "\#(fixture("Audio/loop.wav"))", "volume": -6, "loop": true}"#
        let sceneFile = try scratch.write("scene.json", scene([kinds[0].json, kinds[5].json, sound]))
        var request = RenderRequest(scene: SceneRequest(scene: sceneFile), output: scratch.path("plan.mp4"))
        request.encoding.keyframeInterval = 1
        request.encoding.lookahead = 0
        let plan = try request.plan()
        let options = try #require(plan.options)
        let cut = try render(plan.timeline, to: scratch.file("cut.mp4"), options: options,
                             segmenting: Segmenting(atOnce: 2), workers: 1)
        let whole = try render(plan.timeline, to: scratch.file("whole.mp4"), options: options,
                               segmenting: Segmenting(allowed: false), workers: 1)
        #expect(cut.segments?.layout.count == 4)
        #expect(whole.segments == nil)
        let cutSound = try decodedSound(scratch.file("cut.mp4")), wholeSound = try decodedSound(scratch.file("whole.mp4"))
        #expect(cutSound.frameCount > 0)
        #expect(cutSound.interleaved == wholeSound.interleaved)
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Data, any Error>] = []
    func add(_ result: Result<Data, any Error>) {
        lock.lock()
        results.append(result)
        lock.unlock()
    }
    var all: [Result<Data, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
