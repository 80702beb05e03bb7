import Flipbook
import Foundation
import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Asserts that the frames of `timeline` at `times` match the reference PNGs `name-<time>s.png`
/// (`Snapshots/party-0.5s.png` for `matching: "Snapshots/party"`), a relative name being resolved
/// against the directory of the test's file. Works in Swift Testing and XCTest tests.
///
/// A missing reference is recorded and reported (look at it, commit it, run again); with `record`
/// or `FLIPBOOK_RECORD=1` every reference is written again and nothing is reported. A frame outside
/// the tolerance is reported with its PSNR, SSIM and worst pixel, and the frame drawn, the
/// reference and a difference image (changed pixels in red) are written beside the reference.
/// Text draws with the package's own fonts, so references recorded on Linux pass on macOS.
///
/// - Returns: Each frame's outcome, in the order of `times`.
@discardableResult
public func assertFrames(
    of timeline: Timeline, at times: [TimeInterval], matching name: String,
    tolerance: SnapshotTolerance = .standard, record: Bool = Snapshot.recordsAll,
    filePath: StaticString = #filePath, fileID: String = #fileID, line: Int = #line, column: Int = #column
) -> [Snapshot.Outcome] {
    let place = AssertionPlace(filePath: filePath, fileID: fileID, line: line, column: column)
    return times.map { time in
        var picture: Bitmap
        do {
            try timeline.validate()
            picture = try timeline.makeBitmap()
        } catch {
            return place.report(.failed("Cannot draw the snapshot \(name) at \(formatSeconds(time)) s: \(message(error))", nil))
        }
        timeline.draw(at: time, into: &picture)
        let snapshot = Snapshot(reference: Snapshot.reference(name, time: time, directory: place.directory))
        return place.check(picture, snapshot: snapshot, tolerance: tolerance, record: record)
    }
}

/// Asserts that `picture` (a drawn ``Bitmap``: a frame, a still, anything) matches the reference PNG
/// `name.png`, as ``assertFrames(of:at:matching:tolerance:record:filePath:fileID:line:column:)`` does.
@discardableResult
public func assertStill(
    _ picture: Bitmap, matching name: String, tolerance: SnapshotTolerance = .standard,
    record: Bool = Snapshot.recordsAll,
    filePath: StaticString = #filePath, fileID: String = #fileID, line: Int = #line, column: Int = #column
) -> Snapshot.Outcome {
    let place = AssertionPlace(filePath: filePath, fileID: fileID, line: line, column: column)
    let snapshot = Snapshot(reference: Snapshot.reference(name, time: nil, directory: place.directory))
    return place.check(picture, snapshot: snapshot, tolerance: tolerance, record: record)
}

/// Asserts that the still of `timeline` at `time` (as `flipbook still --time`) matches the reference
/// PNG `name.png`.
@discardableResult
public func assertStill(
    of timeline: Timeline, at time: TimeInterval = 0, matching name: String, tolerance: SnapshotTolerance = .standard,
    record: Bool = Snapshot.recordsAll,
    filePath: StaticString = #filePath, fileID: String = #fileID, line: Int = #line, column: Int = #column
) -> Snapshot.Outcome {
    let place = AssertionPlace(filePath: filePath, fileID: fileID, line: line, column: column)
    var picture: Bitmap
    do {
        try timeline.validate()
        picture = try timeline.makeBitmap()
    } catch {
        return place.report(.failed("Cannot draw the snapshot \(name): \(message(error))", nil))
    }
    timeline.draw(at: time, into: &picture)
    let snapshot = Snapshot(reference: Snapshot.reference(name, time: nil, directory: place.directory))
    return place.check(picture, snapshot: snapshot, tolerance: tolerance, record: record)
}

private func message(_ error: any Error) -> String {
    (error as? FlipbookError)?.message ?? "\(error)"
}

/// Where an assertion was written, and how it reports: a Swift Testing issue inside a Swift Testing
/// test, otherwise an XCTest failure.
struct AssertionPlace {
    var filePath: StaticString
    var fileID: String
    var line: Int
    var column: Int

    /// The test file's directory, which relative snapshot names start from.
    var directory: URL {
        URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    }

    func check(_ picture: Bitmap, snapshot: Snapshot, tolerance: SnapshotTolerance, record: Bool) -> Snapshot.Outcome {
        do {
            return report(try snapshot.check(picture, tolerance: tolerance, record: record))
        } catch {
            return report(.failed("Snapshot \(snapshot.reference.path): \(message(error))", nil))
        }
    }

    /// Reports a failure, or a reference recorded because it was missing; returns `outcome`.
    @discardableResult
    func report(_ outcome: Snapshot.Outcome) -> Snapshot.Outcome {
        let text: String
        switch outcome {
        case .matched, .recorded(missing: false): return outcome
        case .recorded(missing: true):
            text = "No reference snapshot was there; recorded one. Look at it, commit it, and run the test again."
        case .failed(let message, _): text = message
        }
        if Test.current != nil {
            Issue.record(Comment(rawValue: text),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: line, column: column))
        } else {
            #if canImport(XCTest)
            XCTFail(text, file: filePath, line: UInt(line))
            #else
            print("\(filePath):\(line): error: \(text)")
            #endif
        }
        return outcome
    }
}
