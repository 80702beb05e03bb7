import Foundation

/// The layouts a shaper made lately, by everything that decides them, so a text drawn frame after
/// frame (a title, a caption) is shaped once per drawing thread rather than once per frame.
///
/// A shaper is used by one thread at a time, so its layouts are too; nothing here is shared.
final class RecentLayouts {
    /// How many layouts are kept; the one used longest ago is dropped first.
    static let capacity = 16

    /// What a layout depends on: the text's characters and style (not its colour or shading), the
    /// box, and which registered font file its family named when it was made.
    struct Key: Equatable {
        var string: String
        var font: Font?
        var weight: Font.Weight?
        var isItalic: Bool
        var letterSpacing: CGFloat
        var lineSpacing: CGFloat
        var alignment: TextAlignment
        var lineLimit: Int?
        var truncation: Text.TruncationMode
        var width: CGFloat?
        var height: CGFloat?
        var registeredFont: ObjectIdentifier?

        init(_ text: Text, width: CGFloat?, height: CGFloat?) {
            string = text.string
            font = text.font
            weight = text.weight
            isItalic = text.isItalic
            letterSpacing = text.letterSpacing
            lineSpacing = text.lineSpacing
            alignment = text.alignment
            lineLimit = text.lineLimit
            truncation = text.truncation
            self.width = width
            self.height = height
            registeredFont = text.font?.family.flatMap(FontConfiguration.registered(family:)).map(ObjectIdentifier.init)
        }
    }

    /// Most recently used last.
    private var entries: [(key: Key, layout: TextLayout)] = []

    /// The layout of `text` in the box, made by `shaper` now or earlier.
    func layout(_ text: Text, width: CGFloat?, height: CGFloat?, shaper: TextShaper) throws -> TextLayout {
        let key = Key(text, width: width, height: height)
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.layout
        }
        let layout = try TextLayout(text, width: width, height: height, shaper: shaper)
        entries.append((key, layout))
        if entries.count > RecentLayouts.capacity { entries.removeFirst() }
        return layout
    }
}
