import FlipbookDrawing
import Foundation
import Testing

/// Where reference images live and where failing comparisons write their evidence.
public enum ReferenceImages {
    /// The package's `Fixtures` directory, found from this file's location.
    public static var fixturesDirectory: URL { packageFile("Fixtures") }

    /// `$FLIPBOOK_TEST_OUTPUT`, or `.build/test-output` in the package.
    public static var outputDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["FLIPBOOK_TEST_OUTPUT"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageFile(".build/test-output")
    }

    /// Whether missing references should be written (`FLIPBOOK_RECORD=1`).
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"] == "1"
    }
}

/// The outcome of comparing two images of the same size, channel by channel on premultiplied bytes.
public struct ImageDifference: Sendable {
    /// The largest difference of any channel of any pixel, 0...255.
    public var maximum: Int
    /// Pixels whose largest channel difference exceeds the strict tolerance (2).
    public var pixelsBeyondStrict: Int
    /// Pixels whose largest channel difference exceeds the loose tolerance (32).
    public var pixelsBeyondLoose: Int
    /// All pixels.
    public var pixelCount: Int

    /// The comparison rule of ``assertMatchesReference(_:named:directory:sourceLocation:)``.
    public var isWithinTolerance: Bool {
        pixelsBeyondLoose == 0 && Double(pixelsBeyondStrict) <= Double(pixelCount) * 0.001
    }
}

/// The largest difference of any channel of the pixel at (x, y) of two premultiplied rasters.
private func worstChannel(_ a: UnsafeRawBufferPointer, _ aStride: Int, _ e: UnsafeRawBufferPointer, _ eStride: Int,
                          x: Int, y: Int) -> Int {
    var worst = 0
    for c in 0..<4 {
        worst = max(worst, abs(Int(a[y * aStride + x * 4 + c]) - Int(e[y * eStride + x * 4 + c])))
    }
    return worst
}

/// Compares two bitmaps of the same size. Returns `nil` when their sizes differ.
public func compareImages(_ actual: Bitmap, _ expected: Bitmap) -> ImageDifference? {
    guard actual.width == expected.width, actual.height == expected.height else { return nil }
    var result = ImageDifference(maximum: 0, pixelsBeyondStrict: 0, pixelsBeyondLoose: 0,
                                 pixelCount: actual.width * actual.height)
    actual.withUnsafeBytes { a, aStride in
        expected.withUnsafeBytes { e, eStride in
            for y in 0..<actual.height {
                for x in 0..<actual.width {
                    let worst = worstChannel(a, aStride, e, eStride, x: x, y: y)
                    result.maximum = max(result.maximum, worst)
                    if worst > 2 { result.pixelsBeyondStrict += 1 }
                    if worst > 32 { result.pixelsBeyondLoose += 1 }
                }
            }
        }
    }
    return result
}

/// An image showing where two bitmaps differ: the expected image as dim grey, and each differing
/// pixel in red whose brightness grows with the difference (amplified 16×).
public func differenceImage(_ actual: Bitmap, _ expected: Bitmap) throws -> Bitmap {
    var diff = try Bitmap(width: actual.width, height: actual.height)
    try diff.withUnsafeMutableBytes { d, dStride in
        actual.withUnsafeBytes { a, aStride in
            expected.withUnsafeBytes { e, eStride in
                for y in 0..<actual.height {
                    for x in 0..<actual.width {
                        let worst = worstChannel(a, aStride, e, eStride, x: x, y: y)
                        let o = y * dStride + x * 4
                        if worst > 0 {
                            d[o + 0] = 0
                            d[o + 1] = 0
                            d[o + 2] = UInt8(min(255, 96 + worst * 16))
                        } else {
                            let base = y * eStride + x * 4
                            let luma = (Int(e[base]) + Int(e[base + 1]) * 2 + Int(e[base + 2])) / 4
                            let grey = UInt8(96 + luma / 4)
                            d[o + 0] = grey
                            d[o + 1] = grey
                            d[o + 2] = grey
                        }
                        d[o + 3] = 255
                    }
                }
            }
        }
    }
    return diff
}

/// A copy of `bitmap` without its drawing issue, so evidence can be written even for a failed drawing.
private func writableCopy(of bitmap: Bitmap) throws -> Bitmap {
    guard bitmap.drawingIssue != nil else { return bitmap }
    var copy = try Bitmap(width: bitmap.width, height: bitmap.height)
    try copy.withUnsafeMutableBytes { d, _ in
        bitmap.withUnsafeBytes { s, _ in d.copyMemory(from: s) }
    }
    return copy
}

/// Checks `bitmap` against the reference image `Fixtures/<directory>/<name>.png`.
///
/// **Rule:** the images must have the same size; every channel (premultiplied A, R, G, B, 0...255) of
/// every pixel may differ by at most 2, except that up to 0.1 % of the pixels may differ by up to 32
/// (anti-aliasing differences between Cairo/pixman versions). A bitmap with a `drawingIssue` also fails.
///
/// On failure the actual image and a difference image (differences in red, amplified, on a grey copy of
/// the reference) are written to `<output>/<name>.actual.png` and `<output>/<name>.diff.png`, where
/// `<output>` is `$FLIPBOOK_TEST_OUTPUT` or the package's `.build/test-output`, and their paths are
/// reported. When the reference does not exist it fails, unless `FLIPBOOK_RECORD=1` is set: then the
/// bitmap is written as the new reference (look at it before committing it).
public func assertMatchesReference(
    _ bitmap: Bitmap, named name: String, directory: String = "Drawing",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if let issue = bitmap.drawingIssue {
        Issue.record("'\(name)': the bitmap has a drawing issue: \(issue.message)", sourceLocation: sourceLocation)
    }
    let folder = ReferenceImages.fixturesDirectory.appendingPathComponent(directory)
    let referenceURL = folder.appendingPathComponent("\(name).png")
    guard FileManager.default.fileExists(atPath: referenceURL.path) else {
        if ReferenceImages.isRecording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try writableCopy(of: bitmap).writePNG(to: referenceURL)
                print("Recorded reference image \(referenceURL.path)")
            } catch {
                Issue.record("Could not record \(referenceURL.path): \(error)", sourceLocation: sourceLocation)
            }
        } else {
            Issue.record(
                "The reference image \(referenceURL.path) does not exist. Run with FLIPBOOK_RECORD=1 to record it, then look at it.",
                sourceLocation: sourceLocation)
        }
        return
    }
    let expected: Bitmap
    do {
        expected = try Bitmap(contentsOfPNG: referenceURL)
    } catch {
        Issue.record("Could not load the reference image \(referenceURL.path): \(error)", sourceLocation: sourceLocation)
        return
    }
    // Compare what would be written: a PNG round trip of the actual image (un-premultiplied 8-bit).
    let actual: Bitmap
    do {
        let output = ReferenceImages.outputDirectory
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let roundTrip = output.appendingPathComponent("\(name).roundtrip.\(UUID().uuidString.prefix(8)).png")
        try writableCopy(of: bitmap).writePNG(to: roundTrip)
        defer { try? FileManager.default.removeItem(at: roundTrip) }
        actual = try Bitmap(contentsOfPNG: roundTrip)
    } catch {
        Issue.record("Could not round-trip '\(name)' through PNG: \(error)", sourceLocation: sourceLocation)
        return
    }
    let difference = compareImages(actual, expected)
    if let difference, difference.isWithinTolerance { return }

    var evidence = ""
    do {
        let output = ReferenceImages.outputDirectory
        let actualURL = output.appendingPathComponent("\(name).actual.png")
        try actual.writePNG(to: actualURL)
        evidence = "actual: \(actualURL.path)"
        if difference != nil {
            let diffURL = output.appendingPathComponent("\(name).diff.png")
            try differenceImage(actual, expected).writePNG(to: diffURL)
            evidence += ", diff: \(diffURL.path)"
        }
    } catch {
        evidence = "(could not write the evidence: \(error))"
    }
    if let difference {
        let message = "'\(name)' differs from \(referenceURL.path): max channel difference \(difference.maximum), "
            + "\(difference.pixelsBeyondStrict) of \(difference.pixelCount) pixels beyond 2, "
            + "\(difference.pixelsBeyondLoose) beyond 32. \(evidence)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
        Issue.record(
            "'\(name)' is \(bitmap.width)×\(bitmap.height) but \(referenceURL.path) is \(expected.width)×\(expected.height). \(evidence)",
            sourceLocation: sourceLocation)
    }
}
