// libFuzzer target: any bytes as an audio file to AudioFile.decode(contentsOf:keyPath:), which opens it
// with libavformat limited to the audio demuxers and decoders Flipbook allows, a bounded probe, and
// resamples to 48 kHz stereo. It must decode or throw; decoded samples are summed, so a buffer
// shorter than its frame count says is caught by AddressSanitizer.
import FlipbookAudio
import Foundation

private let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("flipbook-fuzz-audio-\(ProcessInfo.processInfo.processIdentifier)")

@_cdecl("LLVMFuzzerTestOneInput")
public func audioFileFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard (try? data.write(to: path)) != nil else { return 0 }
    defer { try? FileManager.default.removeItem(at: path) }
    guard let samples = try? AudioFile.decode(contentsOf: path, keyPath: "src") else { return 0 }
    var sum: Float = 0
    for frame in 0..<samples.frameCount { sum += samples.interleaved[2 * frame] + samples.interleaved[2 * frame + 1] }
    _ = sum
    return 0
}
