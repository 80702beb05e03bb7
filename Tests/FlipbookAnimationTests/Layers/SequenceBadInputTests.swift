@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// A sequence's mistakes are refused before any frame, naming both children where two are involved.
@Suite("Sequences refuse bad timing with the key paths of the children involved")
struct SequenceBadInputTests {
    /// The message making a timeline of a sequence of `children` gives.
    func message(_ children: String, wrapped: (String) -> String = { $0 }) -> String? {
        let json = #"{"size": [64, 36], "fps": 10, "duration": 3, "layers": [\#(wrapped(#"{"scene": "sequence", "layers": [\#(children)]}"#))]}"#
        return expectFlipbookError(.invalidInput) { _ = try decodeScene(json).makeTimeline() }?.message
    }

    static let text = #"{"scene": "text", "text": "A""#

    @Test("Each bad input, with its message")
    func messages() {
        let t = Self.text
        let cases: [(String, String)] = [
            ("\(t), \"duration\": 0.5}, \(t), \"duration\": 2, \"transition\": {\"kind\": \"fade\", \"duration\": 0.8}}",
             "layers[0].layers[1].transition (0.8 s) is longer than layers[0].layers[0] (0.5 s): a transition must fit in both children it joins."),
            ("\(t), \"duration\": 2}, \(t), \"duration\": 0.5, \"transition\": {\"kind\": \"dip\", \"duration\": 0.8}}",
             "layers[0].layers[1].transition (0.8 s) is longer than layers[0].layers[1] (0.5 s): a transition must fit in both children it joins."),
            ("\(t), \"duration\": 2}, \(t), \"duration\": 1, \"transition\": {\"kind\": \"fade\", \"duration\": 0.6}}, "
                + "\(t), \"duration\": 2, \"transition\": {\"kind\": \"push\", \"duration\": 0.6}}",
             "layers[0].layers[2].transition (0.6 s) and layers[0].layers[1].transition (0.6 s) together are longer than "
                + "layers[0].layers[1] (1 s): the two transitions would eat it."),
            ("\(t), \"duration\": 1, \"transition\": {\"kind\": \"fade\"}}",
             "layers[0].layers[0].transition joins a child to the one before it, and layers[0].layers[0] is the sequence's first "
                + "child: move the transition to the second child, or leave it out."),
            ("\(t), \"duration\": \"auto\"}",
             #"layers[0].layers[0].duration is "auto", but this text layer has no natural length (a video, audio or Lottie layer "#
                + "that does not loop, captions, or a sequence has one); give it in seconds."),
            ("\(t)}",
             "layers[0].layers[0].duration is missing: layers[0].layers[0] has no natural length (only video, audio, Lottie, "
                + "captions and sequences have one), so give its duration in seconds."),
            ("\(t), \"duration\": 1}, \(t), \"start\": 1, \"duration\": 1}",
             "layers[0].layers[1].start is not allowed inside a sequence: each child starts where the one before it ends and "
                + "lasts its duration; give its duration instead."),
            ("\(t), \"duration\": 1}, \(t), \"duration\": 1, \"transition\": {\"duration\": 0.2}}",
             "layers[0].layers[1].transition.kind is missing; a transition needs it."),
        ]
        for (children, expected) in cases {
            #expect(message(children) == expected, "\(children)")
        }
        // Outside a sequence: an "auto" end without media, and a transition.
        let json = #"{"duration": 1, "layers": [{"scene": "text", "text": "A", "end": "auto"}]}"#
        #expect(expectFlipbookError(.invalidInput) { _ = try decodeScene(json).makeTimeline() }?.message
            == #"layers[0].end is "auto", but this text layer has no natural length (a video, audio or Lottie layer that "#
                + "does not loop, captions, or a sequence has one); give it in seconds.")
        let stray = #"{"duration": 1, "layers": [{"scene": "text", "text": "A", "transition": {"kind": "fade"}}]}"#
        #expect(expectFlipbookError(.invalidInput) { _ = try decodeScene(stray).makeTimeline() }?.message
            == "layers[0].transition joins a sequence's child to the one before it; layers[0] is not in a sequence.")
    }

    @Test("The same checks in Swift, before any frame")
    func swift() throws {
        let sequence = Timeline.Sequence {
            Timeline.Sequence.Child(FillScene(color: pureRed), duration: 0.5)
            Timeline.Sequence.Child(FillScene(color: pureBlue), duration: 2).transition(.opacity.duration(0.8))
        }
        let error = expectFlipbookError(.invalidInput) {
            _ = try Timeline(size: CGSize(width: 8, height: 8), duration: 1, layers: [Timeline.Layer(sequence)])
        }
        #expect(error?.message == "layers[0].layers[1].transition (0.8 s) is longer than layers[0].layers[0] (0.5 s): "
            + "a transition must fit in both children it joins.")
    }

    @Test("Nesting deep enough to exhaust the stack is refused at its key path")
    func depth() {
        var json = #"{"scene": "text", "text": "A", "duration": 1}"#
        for _ in 0..<40 { json = #"{"scene": "sequence", "layers": [\#(json)]}"# }
        let message = self.message(json)
        #expect(message?.hasSuffix("is nested 33 groups or sequences deep; layers nest at most 32 deep.") == true, "\(message ?? "")")
        #expect(message?.hasPrefix(String(repeating: "layers[0].", count: 33) + "layers[0] ") == true)
    }
}
