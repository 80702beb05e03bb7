// Reads a two-cue SRT file and draws its captions over a dark clip, the spoken word in yellow; one
// frame is written as a PNG.
//
// A cue that cannot be read is skipped with a warning naming the file and line; an SRT cue has no word
// timings, so `spreadWords` spreads its words' times by their characters for the highlight to follow
// (without it, each cue is shown whole, with its line breaks).

import Flipbook
import Foundation

try """
    1
    00:00:00,000 --> 00:00:01,500
    Captions that follow

    2
    00:00:01,500 --> 00:00:03,000
    every word 🎉
    """.write(toFile: "talk.srt", atomically: true, encoding: .utf8)

let canvas = CGSize(width: 640, height: 360)
let track = try CaptionTrack(contentsOf: URL(fileURLWithPath: "talk.srt"))
let captions = try CaptionsScene(track, canvas: canvas, style: .highlight, combine: 2, spreadWords: true)
let timeline = try Timeline(size: canvas, fps: 30, duration: 3, background: Color(white: 0.12),
                            layers: [Timeline.Layer(captions)])
try renderStill(timeline, at: 1.2, to: URL(fileURLWithPath: "captions.png"))
