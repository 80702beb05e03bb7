import FlipbookCore
import FlipbookDrawing
import Foundation

/// The file formats of a still: one row each, like ``VideoContainer``'s for clips.
public enum StillFormat: String, Sendable, Codable, CaseIterable {
    /// A raster at the timeline's pixel size, transparency kept where there is no background.
    case png
    /// A vector page at the canvas size in points.
    case pdf
    /// A vector picture at the canvas size in points.
    case svg

    /// The file name extension that picks the format.
    public var fileExtension: String { rawValue }

    /// The name people know the format by.
    public var displayName: String { rawValue.uppercased() }

    /// The vector format Cairo writes, or `nil` for the raster.
    var vectorFormat: Bitmap.VectorFormat? {
        switch self {
        case .png: nil
        case .pdf: .pdf
        case .svg: .svg
        }
    }
}
