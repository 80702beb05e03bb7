import FlipbookDrawing
import Foundation

/// An output size in pixels, written `WIDTHxHEIGHT` (`1080x1920`) on the command line and in batch
/// files. The canvas in points is this size divided by the scale.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// `width × height` pixels, unchecked: the timeline made from it checks the size, in pixels, so
    /// the message is the same wherever the size came from.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads `1080x1920` (or `1080X1920`); `nil` for anything else. The range is checked where the
    /// timeline is made, so the message is the same wherever the size came from.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    /// `1080x1920`.
    public var description: String { "\(width)x\(height)" }

    /// The canvas in points at `scale` pixels per point.
    public func points(scale: Double) -> CGSize {
        CGSize(width: Double(width) / scale, height: Double(height) / scale)
    }
}

extension SettingFormat where Value == PixelSize {
    /// `WIDTHxHEIGHT` in pixels; the timeline checks the size.
    public static var pixelSize: SettingFormat {
        SettingFormat(text: { $0.description }, fromText: { text, setting in
            guard let size = PixelSize(parsing: text) else {
                throw FlipbookError.mustBe(setting.key, "WIDTHxHEIGHT in pixels, e.g. \"1080x1920\"", itIs: "\"\(text)\"")
            }
            return size
        })
    }
}
