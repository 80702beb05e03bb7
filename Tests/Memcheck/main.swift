import Flipbook
import Foundation

// Drives every drawing feature, every file format, the encoder and the error paths once, from a
// synchronous main. `make valgrind` runs this under memcheck: the Swift Testing runner's async main
// (dispatch_main) crashes valgrind 3.19 itself, so the test binary cannot be run there directly.

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "shapes", let count = Int(CommandLine.arguments[2]) {
    try drawShapes(count: count)
    exit(0)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-memcheck-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

func expectFailure(_ what: String, _ body: () throws -> Void) {
    do {
        try body()
        print("memcheck: expected an error from \(what)")
        exit(1)
    } catch {
        // The error's message is built from C strings: format it so that path is exercised too.
        _ = "\(error)"
    }
}

func drawEverything(_ context: inout GraphicsContext, _ size: CGSize) {
    let gradient = Gradient(colors: [.red, .yellow, .blue])
    let box = CGRect(x: 4, y: 4, width: 40, height: 30)
    context.fill(Path(box), with: .color(.purple))
    context.stroke(Path(ellipseIn: box.offsetBy(dx: 50, dy: 0)), with: .color(.green), lineWidth: 3)
    context.stroke(Path(roundedRect: box.offsetBy(dx: 100, dy: 0), cornerRadius: 6),
                   with: .color(.orange), style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .bevel, dash: [4, 2]))
    for options in [GraphicsContext.GradientOptions(), .repeat, .mirror] {
        var ctx = context
        ctx.translateBy(x: 0, y: 40)
        ctx.fill(Path(box), with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 10, y: 0), options: options))
        ctx.fill(Path(box.offsetBy(dx: 50, dy: 0)),
                 with: .radialGradient(gradient, center: CGPoint(x: 75, y: 20), startRadius: 0, endRadius: 8, options: options))
        ctx.fill(Path(box.offsetBy(dx: 100, dy: 0)), with: .conicGradient(gradient, center: CGPoint(x: 125, y: 20), angle: .degrees(30), options: options))
    }
    var arcs = Path()
    arcs.addArc(center: CGPoint(x: 30, y: 100), radius: 20, startAngle: .zero, endAngle: .degrees(135), clockwise: false)
    arcs.addQuadCurve(to: CGPoint(x: 80, y: 120), control: CGPoint(x: 60, y: 60))
    arcs.addCurve(to: CGPoint(x: 140, y: 100), control1: CGPoint(x: 100, y: 140), control2: CGPoint(x: 120, y: 60))
    context.stroke(arcs, with: .color(.black), style: StrokeStyle(lineWidth: 2, lineJoin: .round))
    if let heart = Path(svgPath: "M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z") {
        context.fill(heart.offsetBy(dx: 150, dy: 90), with: .color(.pink), style: FillStyle(eoFill: true))
    }
    for mode in GraphicsContext.BlendMode.allModes {
        var ctx = context
        ctx.blendMode = mode
        ctx.opacity = 0.7
        ctx.fill(Path(ellipseIn: CGRect(x: 10, y: 140, width: 30, height: 30)), with: .color(.cyan))
        ctx.fill(Path(CGRect(x: 20, y: 150, width: 30, height: 20)), with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 40, y: 0)))
    }
    // Text: shaping (Latin, Arabic, Devanagari, emoji), wrapping with truncation, a gradient, measuring.
    context.draw(Text("Memcheck مرحبا क्ष 🎉").font(.headline).italic(), at: CGPoint(x: 100, y: 190))
    context.draw(Text("Wrapped and truncated text in a box").font(.caption).foregroundStyle(
        .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 60, y: 0))).lineLimit(2),
                 in: CGRect(x: 140, y: 4, width: 56, height: 30))
    _ = context.resolve(Text("measure").font(.custom("No Such Font", size: 12))).measure(in: size)
    // System symbols: the icon font, a symbol scaled up, and an unknown name (warned about once).
    context.draw(Image(systemName: "star.fill"), at: CGPoint(x: 20, y: 120))
    context.draw(Image(systemName: "heart.fill"), in: CGRect(x: 40, y: 100, width: 30, height: 30))
    context.draw(Image(systemName: "no.such.symbol"), at: CGPoint(x: 80, y: 120))
    var clipped = context
    clipped.clip(to: Path(ellipseIn: CGRect(x: 60, y: 140, width: 40, height: 40)))
    clipped.clip(to: Path(CGRect(x: 70, y: 150, width: 10, height: 10)), options: .inverse)
    clipped.fill(Path(CGRect(x: 50, y: 130, width: 60, height: 60)), with: .color(.indigo))
    _ = clipped.clipBoundingRect
    // Filters, kept to a small clip so that the rasterized layers stay small under valgrind.
    var filtered = context
    filtered.clip(to: Path(CGRect(x: 140, y: 140, width: 50, height: 50)))
    filtered.addFilter(.shadow(color: .black, radius: 3, x: 4, y: 4, options: .disablesGroup))
    filtered.addFilter(.blur(radius: 2, options: [.opaque, .dithersResult]))
    filtered.addFilter(.hueRotation(.degrees(40)), options: .linearColor)
    filtered.addFilter(.alphaThreshold(min: 0.2))
    filtered.fill(Path(ellipseIn: CGRect(x: 150, y: 150, width: 30, height: 20)), with: .color(.mint))
    var masked = context
    masked.clip(to: Path(CGRect(x: 140, y: 0, width: 50, height: 50)))
    masked.clipToLayer(opacity: 0.7, options: .inverse) { mask in
        mask.addFilter(.shadow(color: .red, radius: 2, x: 2, y: 0, blendMode: .sourceAtop, options: [.invertsAlpha, .shadowAbove]))
        mask.fill(Path(ellipseIn: CGRect(x: 150, y: 10, width: 30, height: 30)), with: .color(.black))
    }
    masked.fill(Path(CGRect(x: 140, y: 0, width: 60, height: 50)), with: .color(.brown))
    var layered = context
    layered.opacity = 0.5
    layered.blendMode = .multiply
    layered.drawLayer { inner in
        inner.fill(Path(CGRect(x: 110, y: 140, width: 40, height: 40)), with: .color(.red))
        inner.drawLayer { innermost in
            innermost.rotate(by: .degrees(20))
            innermost.fill(Path(CGRect(x: 170, y: 100, width: 20, height: 20)), with: .color(.blue))
        }
    }
}

// Drawing, PNG round trip, images, vector stills.
var bitmap = try Bitmap(width: 200, height: 200)
bitmap.draw(scale: 1, background: .white) { context, size in
    drawEverything(&context, size)
    // Non-finite input is skipped and recorded, never drawn.
    context.fill(Path(CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4)), with: .color(.red))
}
guard bitmap.drawingIssue != nil else { print("memcheck: the NaN fill was not recorded"); exit(1) }
expectFailure("writing a bitmap with a drawing issue") { try bitmap.writePNG(to: directory.appendingPathComponent("nan.png")) }
bitmap.draw(scale: 2, background: .white) { context, size in
    var ctx = context
    ctx.scaleBy(x: 0.5, y: 0.5)
    drawEverything(&ctx, size)
}
// The same drawing planned in bands (as large frames are), with a band conversion's callbacks.
var planned = try Bitmap(width: 200, height: 200)
planned.drawsInBands = true
var bandsSeen = 0
planned.bandFinished = { _, _ in bandsSeen += 1 }
planned.draw(scale: 1, background: .white) { context, size in drawEverything(&context, size) }
planned.bandFinished = nil
guard bandsSeen == 4, planned.drawingIssue == nil else { print("memcheck: the planned drawing went wrong"); exit(1) }
var copy = bitmap
copy.draw { context, _ in context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black)) }
let pngURL = directory.appendingPathComponent("still.png")
var clean = try Bitmap(width: 64, height: 64)
clean.draw(background: .white) { context, _ in context.fill(Path(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48)), with: .color(.blue)) }
try clean.writePNG(to: pngURL)
let loaded = try Bitmap(contentsOfPNG: pngURL)
_ = try loaded.pngData()
bitmap.draw { context, _ in
    context.draw(loaded, in: CGRect(x: 0, y: 0, width: 50, height: 50))
    var ctx = context
    ctx.opacity = 0.5
    ctx.rotate(by: .degrees(15))
    ctx.draw(loaded, at: CGPoint(x: 120, y: 120), anchor: .topLeading)
}
for format in [Bitmap.VectorFormat.pdf, .svg] {
    try Bitmap.writeVector(to: directory.appendingPathComponent("still.\(format)"), format: format,
                           size: CGSize(width: 200, height: 200)) { context, size in drawEverything(&context, size) }
}

// JPEG and WebP files, and files Flipbook refuses.
let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Images")
for name in ["patches.jpg", "patches-lossy.webp", "patches-alpha-lossless.webp"] {
    let image = try Image(contentsOf: images.appendingPathComponent(name)).renderingMode(.template)
    bitmap.draw { context, _ in context.draw(image, at: CGPoint(x: 100, y: 100)) }
}
for name in ["patches.gif", "truncated.jpg", "empty.jpg"] {
    expectFailure("the image \(name)") { _ = try Bitmap(contentsOf: images.appendingPathComponent(name)) }
}

// Bad input: every path must throw cleanly.
expectFailure("a zero-size bitmap") { _ = try Bitmap(width: 0, height: 10) }
expectFailure("an absurd bitmap") { _ = try Bitmap(width: 100_000, height: 100_000) }
expectFailure("a missing directory") { try clean.writePNG(to: directory.appendingPathComponent("missing/x.png")) }
let notPNG = directory.appendingPathComponent("not.png")
try Data("definitely not a PNG".utf8).write(to: notPNG)
expectFailure("a file that is not a PNG") { _ = try Bitmap(contentsOfPNG: notPNG) }
expectFailure("malformed SVG path data") { _ = try Path(svgPathData: "M10 10 L20 x") }

// Scenes, the render pipeline with two workers, the encoder and stills through the timeline.
let timeline = try SceneFile.decode(Data("""
    {"size": [96, 64], "scale": 1, "fps": 20, "duration": 0.5, "background": "white",
     "layers": [{"scene": "ripples", "ripples": [{"center": [48, 32], "start": 0, "color": "teal"}], "speed": 80},
                {"scene": "confetti", "seed": 5, "bursts": [{"count": 40}], "opacity": 0.8}]}
    """.utf8)).makeTimeline()
var options = VideoOptions()
options.preset = "ultrafast"
_ = try render(timeline, to: directory.appendingPathComponent("clip.mp4"), options: options, workers: 2) { _ in }
try renderStill(timeline, at: 0.3, to: directory.appendingPathComponent("frame.png"))
try renderStill(timeline, at: 0.3, to: directory.appendingPathComponent("frame.svg"))
let encoder = try VideoEncoder(url: directory.appendingPathComponent("direct.mp4"), width: 64, height: 48, fps: 10, options: options)
var frame = try Bitmap(width: 64, height: 48)
for index in 0..<4 {
    frame.draw(background: .clear) { context, _ in
        context.fill(Path(CGRect(x: Double(index) * 8, y: 8, width: 16, height: 16)), with: .color(.red.opacity(0.5)))
    }
    try encoder.append(frame)
}
try encoder.finish()
var badPreset = VideoOptions()
badPreset.preset = "warp"
expectFailure("an unknown preset") { _ = try VideoEncoder(url: directory.appendingPathComponent("bad.mp4"), width: 64, height: 48, fps: 10, options: badPreset) }
expectFailure("fps 0") { _ = try VideoEncoder(url: directory.appendingPathComponent("bad.mp4"), width: 64, height: 48, fps: 0) }
expectFailure("a missing output directory") { _ = try VideoEncoder(url: directory.appendingPathComponent("missing/bad.mp4"), width: 64, height: 48, fps: 10) }
do {
    // An encoder dropped without finish() must free everything and leave no file.
    let abandoned = try VideoEncoder(url: directory.appendingPathComponent("abandoned.mp4"), width: 64, height: 48, fps: 10, options: options)
    try abandoned.append(frame)
}
// Every other output format, an image sequence, and sinks dropped part-way.
for (name, codec) in [("clip.mov", nil), ("clip.webm", nil), ("av1.webm", VideoCodec.av1), ("hevc.mkv", .hevc),
                      ("clip.gif", nil), ("clip.apng", nil), ("clip.webp", nil)] as [(String, VideoCodec?)] {
    // Default settings: `preset` is x264's and x265's alone, and any other codec refuses it.
    var formatOptions = VideoOptions()
    formatOptions.codec = codec
    let sink = try makeFrameSink(url: directory.appendingPathComponent(name), width: 64, height: 48, fps: 10, options: formatOptions)
    for _ in 0..<3 { try sink.append(frame) }
    try sink.finish()
}
let sequence = try makeFrameSink(url: directory.appendingPathComponent("seq-%03d.png"), width: 64, height: 48, fps: 10)
try sequence.append(frame)
try sequence.finish()
do {
    let abandonedGIF = try VideoEncoder(url: directory.appendingPathComponent("abandoned.gif"), width: 64, height: 48, fps: 10)
    try abandonedGIF.append(frame)
    let abandonedSequence = try makeFrameSink(url: directory.appendingPathComponent("gone-%03d.png"), width: 64, height: 48, fps: 10)
    try abandonedSequence.append(frame)
}
var opaqueOnly = VideoOptions()
opaqueOnly.alpha = true
expectFailure("alpha in MP4") { _ = try VideoEncoder(url: directory.appendingPathComponent("alpha.mp4"), width: 64, height: 48, fps: 10, options: opaqueOnly) }
print("memcheck: exercised drawing, files, scenes, rendering and encoding")
