import FlipbookDrawing
import Foundation

extension TextScene {
    /// A text scene's font: SwiftUI's `Font.system(size:weight:design:)` or `Font.custom(_:size:)`,
    /// italic or not, from a font file when one is given.
    public struct FontStyle: Sendable, Equatable {
        /// A family installed on the machine (drawn with the system family, with a warning, when it
        /// is missing); `nil` for the system family the package carries, or the family of ``file``.
        public var family: String?
        /// The size in points; it may be keyframed.
        public var size: Keyframed<Double>
        /// The weight.
        public var weight: Font.Weight
        /// Whether the text is italic.
        public var italic: Bool
        /// The system font's design: `.monospaced` draws with the carried Noto Sans Mono; the others
        /// with Noto Sans.
        public var design: Font.Design
        /// A TrueType or OpenType font file the text draws with. It joins the package's own fonts,
        /// never the machine's, so the text draws the same everywhere.
        public var file: URL?

        /// A font; by default the system font at 17 points (SwiftUI's body size), regular, upright.
        public init(family: String? = nil, size: Keyframed<Double> = Keyframed(Double(defaultSize)),
                    weight: Font.Weight = .regular, italic: Bool = false, design: Font.Design = .default, file: URL? = nil) {
            self.family = family
            self.size = size
            self.weight = weight
            self.italic = italic
            self.design = design
            self.file = file
        }

        /// 17 points, SwiftUI's body text.
        public static let defaultSize: CGFloat = 17

        /// The family to draw with: ``family``, or the family of ``file``, which is registered here.
        ///
        /// - Throws: ``FlipbookError`` at `keyPath.src` when the file is missing or holds no font, and
        ///   at `keyPath.family` when both are given and differ.
        func resolvedFamily(keyPath: String) throws -> String? {
            guard let file else { return family }
            let path = joinKeyPath(keyPath, "src")
            let requirement = "a TrueType or OpenType font file (.ttf, .otf), relative to the scene file's folder"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw FlipbookError.mustBe(path, requirement, itIs: "\"\(file.lastPathComponent)\"",
                                           "There is no file \(file.path).")
            }
            // A device or a pipe could never end or never answer; a font is a regular file.
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)
            guard attributes?[.type] as? FileAttributeType == .typeRegular else {
                throw FlipbookError.mustBe(path, requirement, itIs: "\"\(file.lastPathComponent)\"",
                                           "\(file.path) is not a regular file.")
            }
            guard FileManager.default.isReadableFile(atPath: file.path) else {
                throw FlipbookError.mustBe(path, requirement, itIs: "\"\(file.lastPathComponent)\"",
                                           "The file \(file.path) cannot be read.")
            }
            guard let fileFamily = try Font.register(fileAt: file) else {
                throw FlipbookError.mustBe(path, requirement, itIs: "\"\(file.lastPathComponent)\"",
                                           "\(file.path) holds no font fontconfig can read.")
            }
            if let family, family != fileFamily {
                throw FlipbookError.mustBe(joinKeyPath(keyPath, "family"),
                                           "the family of the font file src (\"\(fileFamily)\") or left out",
                                           itIs: "\"\(family)\"")
            }
            return fileFamily
        }
    }
}
