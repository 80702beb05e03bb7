import Flipbook
import Foundation
import Testing
@testable import FlipbookCLI

@Suite("flipbook printing")
struct PrintingTests {
    func progress(encoded: Int, drawn: Int, total: Int, elapsed: Double) -> RenderProgress {
        RenderProgress(framesRendered: drawn, framesEncoded: encoded, totalFrames: total,
                       framesPerSecond: Double(encoded) / elapsed, estimatedTimeRemaining: nil, elapsed: elapsed)
    }

    @Test("the progress bar fits the terminal from 40 columns up and shows frames drawn and encoded",
          arguments: [40, 41, 60, 80, 132, 300])
    func barWidth(columns: Int) {
        var rate = RateEstimator()
        rate.add(frames: 0, at: 0)
        rate.add(frames: 12_000, at: 100)
        for total in [10, 99_999, 12_345_678] {
            let line = progressLine(
                label: "a-rather-long-output-name.mp4", progress(encoded: min(12_000, total), drawn: min(12_008, total),
                                                                total: total, elapsed: 100),
                rate: rate, columns: columns)
            #expect(line.count <= columns - 1, "\(line.count): \(line)")
            #expect(line.contains("drawn"), "\(line)")
            #expect(line.contains("\(min(12_000, total))/\(total)"), "\(line)")
        }
    }

    @Test("a wide terminal gets the label, a bar, the rate and the ETA")
    func fullLine() {
        var rate = RateEstimator()
        rate.add(frames: 0, at: 0)
        rate.add(frames: 50, at: 2)
        let line = progressLine(label: "out.mp4", progress(encoded: 50, drawn: 54, total: 100, elapsed: 2),
                                rate: rate, columns: 80)
        #expect(line.hasPrefix("out.mp4 [██"))
        #expect(line.hasSuffix("] 50/100 frames, 54 drawn, 25.0 fps, ETA 2 s"))
        #expect(line.count == 79)
    }

    @Test("the ETA follows the recent rate, not the average since the start")
    func movingAverage() {
        var rate = RateEstimator(window: 3)
        for second in 0...10 { rate.add(frames: second * 100, at: Double(second)) }  // 100 fps at first
        for second in 11...20 { rate.add(frames: 1000 + (second - 10) * 10, at: Double(second)) }  // then 10 fps
        #expect(rate.framesPerSecond == 10)
        #expect(rate.secondsRemaining(50) == 5)
    }

    @Test("a very fast render's rate is measured right from dense updates")
    func denseUpdates() throws {
        var rate = RateEstimator(window: 3)
        for frame in 0...60_000 { rate.add(frames: frame, at: Double(frame) / 10_000) }
        let fps = try #require(rate.framesPerSecond)
        #expect(abs(fps - 10_000) < 1)
    }

    @Test("compact durations", arguments: [(4.2, "5 s"), (125, "2m05s"), (3720, "1h02m"), (Double.infinity, "?")])
    func durations(seconds: Double, text: String) {
        #expect(formatCompactDuration(seconds) == text)
    }

    @Test("the interruption message says what was removed and what was kept")
    func interruptionSummary() {
        let removed = [URL(fileURLWithPath: "/work/out.mp4")], kept = [URL(fileURLWithPath: "/work/a.mp4"), URL(fileURLWithPath: "/work/b.png")]
        #expect(Interruption.summary(signal: SIGINT, removed: removed, kept: kept)
            == "interrupted by SIGINT: removed the unfinished /work/out.mp4; kept /work/a.mp4, /work/b.png")
        #expect(Interruption.summary(signal: SIGTERM, removed: [], kept: []) == "interrupted by SIGTERM: nothing was written")
    }

    @Test("a PNG sequence's many unfinished frames are summed up in one line")
    func interruptionSummaryOfSequence() {
        let frames = (0..<120).map { URL(fileURLWithPath: String(format: "/work/f-%05d.png", $0)) }
        #expect(Interruption.summary(signal: SIGTERM, removed: frames, kept: [])
            == "interrupted by SIGTERM: removed the unfinished /work/f-00000.png, /work/f-00001.png, …, /work/f-00119.png (120 files)")
    }

    @Test("the batch summary gives each job's status and time, each failure, and the totals")
    func batchSummaryTable() {
        let error = FlipbookError(invalid: "crf", "must be between 0 (lossless) and 51 (smallest); it is 60.",
                                  at: .init(keyPath: "jobs[1].crf"))
        let report = BatchReport(results: [
            BatchJobResult(index: 0, label: "intro", output: URL(fileURLWithPath: "/out/a.mp4"), status: .succeeded,
                           frames: 180, seconds: 2.5, error: nil),
            BatchJobResult(index: 1, label: "#2 b.mp4", output: URL(fileURLWithPath: "/out/b.mp4"), status: .invalid,
                           frames: nil, seconds: 0.01, error: error),
        ], wallTime: 2.6)
        #expect(batchSummary(report) == """
            job       status   frames  time   output
            --------  -------  ------  -----  ----------
            intro     ok       180     2.5 s  /out/a.mp4
            #2 b.mp4  INVALID  -       0.0 s  /out/b.mp4
            #2 b.mp4: jobs[1].crf must be between 0 (lossless) and 51 (smallest); it is 60.
            1 succeeded, 0 failed, 1 invalid in 2.6 s
            """)
    }
}
