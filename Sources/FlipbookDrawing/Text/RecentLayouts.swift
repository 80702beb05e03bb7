import Foundation

/// The layouts a shaper made lately, by everything that decides them, so a text drawn frame after
/// frame (a title, a caption) is shaped once per drawing thread rather than once per frame.
///
/// A shaper is used by one thread at a time, so its layouts are too; nothing here is shared.
final class RecentLayouts {
    /// How many layouts are kept; the one used longest ago is dropped first.
    static let capacity = 16

    /// What a layout depends on: the text's characters and format (not its colour or shading), the
    /// box, and which registered font files its families named when it was made.
    struct Key: Equatable {
        var string: String
        var format: TextFormat
        var width: CGFloat?
        var height: CGFloat?
        var registeredFiles: [String]

        init(_ text: Text, width: CGFloat?, height: CGFloat?) {
            string = text.string
            format = text.format
            self.width = width
            self.height = height
            let families = ([text.format.font] + text.format.runs.map(\.font)).compactMap { $0?.family }
            registeredFiles = families.compactMap(FontConfiguration.registeredFile(family:))
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
