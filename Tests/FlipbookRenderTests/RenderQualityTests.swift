import Flipbook
import Foundation
import Testing

/// `--quality` is the encoder rows' own statement of what each shortcut changes.
@Suite("Quality shortcuts")
struct RenderQualityTests {
    private let defaults = VideoOptions()

    @Test("high lowers each CRF by 4 and slows the preset; draft takes the fastest preset; standard changes nothing")
    func shortcutsChangeTheRowsTheyName() {
        for codec in [VideoCodec.h264, .hevc, .vp9, .av1] {
            let high = RenderQuality.high.applied(to: defaults, codec: codec, given: [])
            #expect(high.crf == defaults.crf - 4 && high.preset == "slow", "\(codec)")
            let draft = RenderQuality.draft.applied(to: defaults, codec: codec, given: [])
            #expect(draft.crf == defaults.crf && draft.preset == "ultrafast", "\(codec)")
            #expect(RenderQuality.standard.applied(to: defaults, codec: codec, given: []) == defaults)
        }
    }

    @Test("a codec without a CRF or preset keeps its own, and given settings win")
    func givenSettingsAndCodecsWithoutTheSettingKeepTheirs() {
        #expect(RenderQuality.high.applied(to: defaults, codec: .prores, given: []) == defaults)
        #expect(RenderQuality.high.applied(to: defaults, codec: .gif, given: []) == defaults)
        var given = defaults
        given.crf = 30
        given.preset = "fast"
        let high = RenderQuality.high.applied(to: given, codec: .h264, given: ["crf", "preset"])
        #expect(high.crf == 30 && high.preset == "fast")
    }

    @Test("the CRF moved by a shortcut stays inside the codec's range")
    func crfStaysInsideTheCodecsRange() {
        var options = defaults
        options.crf = 2
        #expect(RenderQuality.high.applied(to: options, codec: .h264, given: []).crf == 0)
        options.crf = Int.min
        #expect(RenderQuality.high.applied(to: options, codec: .vp9, given: []).crf == 0)
    }

    @Test("--quality's help says what the rows change")
    func helpIsReadFromTheRows() {
        #expect(Setting.quality.help == "draft: half size, preset ultrafast; high: crf 4 lower, preset slow.")
    }
}
