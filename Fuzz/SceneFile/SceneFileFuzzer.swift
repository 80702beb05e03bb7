// libFuzzer target: the scene-file loader must turn any bytes into a SceneFile or a thrown
// FlipbookError, never a crash; and a file it accepts must make a Timeline or throw, since that is
// where the scene parameters' numbers are validated and converted (ring counts, frame counts).
import FlipbookAnimation
import FlipbookSceneFile
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFileFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard let file = try? SceneFile.decode(data, source: "fuzz.json") else { return 0 }
    _ = try? file.makeTimeline()
    return 0
}
