// libFuzzer target: the scene-file loader must turn any bytes into a SceneFile or a thrown
// FlipbookError, never a crash; and a file it accepts must make a Timeline or throw, since that is
// where the scene parameters' numbers are validated and converted (ring counts, frame counts).
// Read again as `flipbook check` reads it, collecting every refusal (Refusals) and going on with
// what it could read, the file with its holes must make a Timeline or throw too.
import FlipbookAnimation
import FlipbookSceneFile
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFileFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if let file = try? SceneFile.decode(data, source: "fuzz.json") { _ = try? file.makeTimeline() }
    let refusals = Refusals()
    Refusals.collect(into: refusals) {
        guard let file = try? SceneFile.decode(data, source: "fuzz.json") else { return }
        _ = try? file.makeTimeline()
    }
    return 0
}
