// libFuzzer target: any bytes as a captions file, through the readers a captions layer uses and on to
// drawing. The first byte picks the format (SRT, WebVTT or word-timing JSON, by its value modulo 3),
// the encoding named for it (none, windows-1252, UTF-16LE or GB2312, by the value divided by 3,
// modulo 4; a byte-order mark in the bytes decides over it) and the overlap rule (stack, merge or
// error, by the value divided by 12, modulo 3). A file that reads is printed as `flipbook captions`
// prints it (text and JSON), checked into a track, laid out on a small canvas and drawn at the
// start, middle and end of its first cues, in one of the four styles.
import FlipbookAnimation
import FlipbookDrawing
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func captionsFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0 else { return 0 }
    let selector = Int(bytes[0])
    let format = [CaptionFormat.srt, .webvtt, .json][selector % 3]
    let encoding = [nil, "windows-1252", "UTF-16LE", "GB2312"][selector / 3 % 4]
    let overlap = [CaptionTrack.Overlap.stack, .merge, .error][selector / 12 % 3]
    let data = Data(bytes: bytes + 1, count: count - 1)
    guard let file = try? CaptionFile(data: data, format: format, encoding: encoding, path: "fuzz") else { return 0 }
    _ = file.listing
    guard (try? file.json()) != nil else {
        fatalError("a file that reads must print as JSON")
    }
    for cue in file.cues {
        // Offsets into the text drawn stay inside it.
        let length = cue.text.unicodeScalars.count
        for span in cue.spans where span.start < 0 || span.start > span.end || span.end > length {
            fatalError("span \(span) outside a text of \(length) scalars")
        }
    }
    guard let track = try? CaptionTrack(file, overlap: overlap) else { return 0 }
    let style = CaptionsScene.Style.allCases[selector % CaptionsScene.Style.allCases.count]
    let canvas = CGSize(width: 48, height: 27)
    guard let scene = try? CaptionsScene(track, canvas: canvas, style: style, pill: selector & 1 == 1, spreadWords: selector & 2 == 2),
          var bitmap = try? Bitmap(width: 48, height: 27)
    else { return 0 }
    for cue in track.cues.prefix(3) {
        for time in [cue.start, (cue.start + cue.end) / 2, cue.end] {
            bitmap.draw { context, size in scene.draw(in: &context, size: size, time: time) }
        }
    }
    _ = bitmap.pixel(x: 47, y: 26)
    return 0
}
