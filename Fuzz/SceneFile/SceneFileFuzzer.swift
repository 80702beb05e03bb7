// libFuzzer target: the scene-file loader must turn any bytes into a SceneFile or a thrown
// FlipbookError, never a crash.
import FlipbookAnimation
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFileFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? SceneFile.decode(data, source: "fuzz.json")
    return 0
}
