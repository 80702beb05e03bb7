// libFuzzer target: any bytes as a scene bundle (.fbz) through SceneBundle.verify, the reading a
// bundle gets before anything is unpacked (`flipbook render x.fbz`, `PUT /v1/templates/NAME`): the zip
// directory, every entry's name, the manifest and each file's digest. It must refuse with a
// FlipbookError or return a manifest whose every file it holds, never crash.
import FlipbookSceneFile
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func bundleFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0 else { return 0 }
    let data = Data(bytes: bytes, count: count)
    guard let (manifest, files) = try? SceneBundle.verify(data, source: "fuzz.fbz") else { return 0 }
    // What verify accepts is whole: the scene and every listed file are held, under safe names.
    precondition(files[manifest.scene] != nil, "verify accepted a bundle without its scene")
    for file in manifest.files { precondition(files[file.path]?.count == file.size, "verify accepted \(file.path) with another size") }
    for name in files.keys { precondition(!name.hasPrefix("/") && !name.split(separator: "/").contains(".."), "verify accepted \(name)") }
    return 0
}
