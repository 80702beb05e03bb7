import FlipbookTestSupport
import Foundation
import Testing

/// A scene with an image beside it and a text in an installed family Flipbook does not carry.
private let fontScene = """
    {"size": [160, 60], "scale": 1, "fps": 10, "duration": 0.3, "background": "white",
     "layers": [
       {"scene": "image", "src": "art/dot.svg", "size": [40, 40], "position": [30, 30]},
       {"scene": "text", "text": "Bundled Ag", "font": {"family": "DejaVu Serif", "size": 22, "weight": "bold"},
        "color": "black", "position": [100, 30]}
     ]}
    """
private let dot = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="5" fill="teal"/></svg>"#

/// Whether the machine has DejaVu Serif, the family the font test bundles.
private let hasDejaVuSerif: Bool = {
    guard let run = try? runProcess(URL(fileURLWithPath: "/usr/bin/fc-list"), [":", "family"]) else { return false }
    return run.output.split(separator: "\n").contains("DejaVu Serif")
}()

/// `flipbook bundle` and bundles taken wherever a scene file is.
@Suite("flipbook bundle")
struct BundleToolTests {
    @Test("a bundle of the card template renders the same still, clip and batch as the template")
    func bundleRendersTheSame() throws {
        let directory = try TemporaryDirectory.cli()
        let card = packageFile("Fixtures/Templates/card.json").path
        let made = try Tool.run(["bundle", card, "-o", directory.path("card.fbz")])
        try #require(made.status == 0, "\(made.error)")
        #expect(made.output.hasPrefix("Wrote \(directory.path("card.fbz")): 2 files"), "\(made.output)")
        let small = ["--size", "160x90", "--fps", "10", "--duration", "0.4"]
        for (scene, name) in [(card, "a"), (directory.path("card.fbz"), "b")] {
            let still = try Tool.run(["still", scene, "--set", "name=Ada", "--time", "1", "-o", directory.path("\(name).png"), "--size", "160x90"])
            #expect(still.status == 0, "\(still.error)")
            let clip = try Tool.run(["render", scene, "--set", "name=Ada", "-o", directory.path("\(name).mp4"), "-q"] + small)
            #expect(clip.status == 0, "\(clip.error)")
        }
        #expect(try Data(contentsOf: directory.file("a.png")) == Data(contentsOf: directory.file("b.png")))
        #expect(try Data(contentsOf: directory.file("a.mp4")) == Data(contentsOf: directory.file("b.mp4")))
        // A data batch of a small template of its own (batch takes no size flags).
        try FileManager.default.createDirectory(at: directory.file("tiny/art"), withIntermediateDirectories: true)
        try directory.write("tiny/art/dot.svg", dot)
        try directory.write("tiny/tiny.json", """
            {"parameters": {"name": {"type": "string", "default": "friend"}},
             "size": [64, 40], "scale": 1, "fps": 10, "duration": 0.3, "background": "white",
             "layers": [{"scene": "image", "src": "art/dot.svg", "size": [20, 20], "position": [12, 20]},
                        {"scene": "text", "text": "Hi {{name}}", "font": {"size": 10}, "color": "black", "position": [40, 20]}]}
            """)
        try #require(try Tool.run(["bundle", directory.path("tiny/tiny.json"), "-o", directory.path("tiny.fbz")]).status == 0)
        try directory.write("rows.csv", "name\nAda\n")
        let batch = try Tool.run(["batch", "--template", directory.path("tiny.fbz"), "--data", directory.path("rows.csv"),
                                  "-o", directory.path("out/{{name}}.mp4"), "-q"])
        #expect(batch.status == 0, "\(batch.error)")
        let single = try Tool.run(["render", directory.path("tiny/tiny.json"), "--set", "name=Ada", "-o", directory.path("tiny.mp4"), "-q"])
        #expect(single.status == 0, "\(single.error)")
        #expect(try Data(contentsOf: directory.file("out/Ada.mp4")) == Data(contentsOf: directory.file("tiny.mp4")))
    }

    @Test("a bundle draws its font family the same where the family is not installed",
          .enabled(if: hasDejaVuSerif, "DejaVu Serif is not installed"))
    func bundleCarriesFonts() throws {
        let directory = try TemporaryDirectory.cli()
        try FileManager.default.createDirectory(at: directory.file("art"), withIntermediateDirectories: true)
        try directory.write("art/dot.svg", dot)
        try directory.write("scene.json", fontScene)
        let made = try Tool.run(["bundle", directory.path("scene.json"), "-o", directory.path("scene.fbz")])
        try #require(made.status == 0, "\(made.error)")
        #expect(made.output.contains("1 font family (DejaVu Serif)"), "\(made.output)")
        // A fontconfig setup with no font folder: the machine has no fonts at all.
        try directory.write("empty.conf", "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n")
        var bare = ProcessInfo.processInfo.environment
        bare["FONTCONFIG_FILE"] = directory.path("empty.conf")
        let installed = try Tool.run(["still", directory.path("scene.json"), "--time", "0", "-o", directory.path("installed.png")])
        let bundled = try Tool.run(["still", directory.path("scene.fbz"), "--time", "0", "-o", directory.path("bundled.png")],
                                   environment: bare)
        let missing = try Tool.run(["still", directory.path("scene.json"), "--time", "0", "-o", directory.path("missing.png")],
                                   environment: bare)
        #expect(installed.status == 0 && bundled.status == 0 && missing.status == 0, "\(installed.error)\(bundled.error)\(missing.error)")
        #expect(!bundled.error.contains("not installed"), "\(bundled.error)")
        #expect(missing.error.contains("the font \"DejaVu Serif\" is not installed"), "\(missing.error)")
        let reference = try Data(contentsOf: directory.file("installed.png"))
        #expect(try Data(contentsOf: directory.file("bundled.png")) == reference)
        #expect(try Data(contentsOf: directory.file("missing.png")) != reference)
    }

    @Test("a bundle whose file does not match its manifest, or names a file outside, is refused naming it")
    func tamperedBundlesAreRefused() throws {
        let directory = try TemporaryDirectory.cli()
        try FileManager.default.createDirectory(at: directory.file("art"), withIntermediateDirectories: true)
        try directory.write("art/dot.svg", dot)
        try directory.write("scene.json", fontScene.replacingOccurrences(of: "DejaVu Serif", with: "Noto Sans"))
        try #require(try Tool.run(["bundle", directory.path("scene.json"), "-o", directory.path("good.fbz")]).status == 0)
        let good = try Data(contentsOf: directory.file("good.fbz"))
        func variant(_ name: String, _ change: (inout Data) -> Void) throws -> ToolRun {
            var bytes = good
            change(&bytes)
            try bytes.write(to: directory.file(name))
            return try Tool.run(["still", directory.path(name), "--time", "0", "-o", directory.path("x.png")])
        }
        func replace(_ old: String, _ new: String, in bytes: inout Data) {
            var text = [UInt8](bytes)
            let (from, to) = (Array(old.utf8), Array(new.utf8))
            var index = 0
            while index + from.count <= text.count {
                if Array(text[index..<(index + from.count)]) == from { text.replaceSubrange(index..<(index + from.count), with: to) }
                index += 1
            }
            bytes = Data(text)
        }
        // The SVG's fill changed in place: the CRC is checked first, so both are changed alike.
        let changed = try variant("changed.fbz") { bytes in
            guard let range = bytes.range(of: Data("fill=\"teal\"".utf8)) else { return }
            bytes.replaceSubrange(range, with: Data("fill=\"navy\"".utf8))
            // Keep the zip's CRC-32 right, so the manifest's digest is what refuses it.
            replaceCRC(of: "scene/art/dot.svg", in: &bytes)
        }
        #expect(changed.status == 2 && changed.error.contains("changed.fbz")
                && changed.error.contains("scene/art/dot.svg does not match its manifest"), "\(changed.error)")
        let climbing = try variant("climbing.fbz") { replace("scene/art/dot.svg", "scene/../../x.svg", in: &$0) }
        #expect(climbing.status == 2 && climbing.error.contains("scene/../../x.svg, whose name it climbs out with '..'"), "\(climbing.error)")
        let absolute = try variant("absolute.fbz") { replace("scene/art/dot.svg", "/tmp/flipbook.svg", in: &$0) }
        #expect(absolute.status == 2 && absolute.error.contains("/tmp/flipbook.svg, whose name it is an absolute path"), "\(absolute.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("x.png")))

        // A file the scene names that does not exist is refused with a render's message, nothing written.
        try directory.write("missing.json", #"{"size": [10, 10], "duration": 0.1, "layers": [{"scene": "image", "src": "art/gone.svg"}]}"#)
        let missing = try Tool.run(["bundle", directory.path("missing.json"), "-o", directory.path("missing.fbz")])
        let render = try Tool.run(["still", directory.path("missing.json"), "-o", directory.path("missing.png")])
        #expect(missing.status == 2 && render.status == 2 && missing.error == render.error, "\(missing.error)")
        #expect(missing.error.contains("art/gone.svg, which does not exist"), "\(missing.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.fbz")))

        try directory.write("outside.json", #"{"size": [10, 10], "duration": 0.1, "layers": [{"scene": "image", "src": "\#(directory.path("art/dot.svg"))"}]}"#)
        let refused = try Tool.run(["bundle", directory.path("outside.json"), "-o", directory.path("outside.fbz")])
        #expect(refused.status == 2 && refused.error.contains("/layers/0/src names \(directory.path("art/dot.svg")) by an absolute path"),
                "\(refused.error)")
    }
}

/// Sets the zip CRC-32 of the entry `name` in `bytes` (stored entries) to that of its current bytes.
private func replaceCRC(of name: String, in bytes: inout Data) {
    let data = [UInt8](bytes)
    func le16(_ i: Int) -> Int { Int(data[i]) | Int(data[i + 1]) << 8 }
    func le32(_ i: Int) -> Int { le16(i) | le16(i + 2) << 16 }
    var offset = 0
    while offset + 30 <= data.count, le32(offset) == 0x0403_4B50 {
        let size = le32(offset + 18), nameLength = le16(offset + 26), extra = le16(offset + 28)
        let entryName = String(decoding: data[(offset + 30)..<(offset + 30 + nameLength)], as: UTF8.self)
        let start = offset + 30 + nameLength + extra
        if entryName == name {
            let crc = crc32(data[start..<(start + size)])
            let crcBytes = (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
            bytes.replaceSubrange((offset + 14)..<(offset + 18), with: crcBytes)
            // The central directory's copy.
            var central = 0
            while central + 46 <= data.count {
                if le32(central) == 0x0201_4B50, le32(central + 42) == offset {
                    bytes.replaceSubrange((central + 16)..<(central + 20), with: crcBytes)
                }
                central += 1
            }
        }
        offset = start + size
    }
}

/// CRC-32 (IEEE), bit by bit: small data only.
private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
