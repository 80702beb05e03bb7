import FlipbookCore
import FlipbookVideo
import Foundation

/// What an output's name asks for: a clip in a container, or a still. The one place an output's
/// extension is read; everything after it works from the resolved kind.
public enum OutputKind: Sendable, Equatable {
    /// A clip, an animation or an image sequence.
    case clip(VideoContainer)
    /// One picture.
    case still(StillFormat)

    /// Which commands an output kind is checked for: `render` takes clips, `still` stills, a batch job either.
    public enum Expected: Sendable {
        case clip, still, either
    }

    /// The kind `url` asks for; `container` (`--format`) overrides the extension and makes a clip.
    ///
    /// - Throws: ``FlipbookError`` (invalid input, key path `output`) for a name that is not one of
    ///   the `expected` kind, listing the extensions that are.
    public init(url: URL, container: VideoContainer? = nil, expected: Expected) throws {
        if let container {
            guard expected != .still else { throw Self.wrongName(url, expected: expected) }
            self = .clip(container)
            return
        }
        let ext = url.pathExtension.lowercased()
        let still = StillFormat.allCases.first { $0.fileExtension == ext }
        let isSequence = ext == "png" && FrameNumberPattern(url.lastPathComponent) != nil
        switch expected {
        case .still:
            guard let still, !isSequence else { throw Self.wrongName(url, expected: expected) }
            self = .still(still)
        case .either:
            if let still, !isSequence {
                self = .still(still)
            } else {
                guard VideoContainer.allCases.contains(where: { $0.capabilities.extensions.contains(ext) }) else {
                    throw Self.wrongName(url, expected: expected)
                }
                self = .clip(try VideoContainer(fileExtension: ext, fileName: url.lastPathComponent))
            }
        case .clip:
            self = .clip(try VideoContainer(fileExtension: ext, fileName: url.lastPathComponent))
        }
    }

    /// "must end in .png, .pdf, .svg for a still; it is "x.mp4"." with the extensions `expected` takes.
    private static func wrongName(_ url: URL, expected: Expected) -> FlipbookError {
        let stills = StillFormat.allCases.map { "." + $0.fileExtension }
        let clips = VideoContainer.allCases.filter { $0 != .pngSequence }.flatMap(\.capabilities.extensions).map { "." + $0 }
        let (names, what) = switch expected {
        case .still: (stills, "a still")
        case .clip, .either: (clips + stills, "a clip or a still (a PNG sequence is a name with %05d, e.g. frame-%05d.png)")
        }
        return FlipbookError.mustBe("output", "a name ending in \(names.joined(separator: ", ")) for \(what)",
                                    itIs: "\"\(url.lastPathComponent)\"")
    }
}
