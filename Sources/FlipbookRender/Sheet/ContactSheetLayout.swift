import Foundation

/// Where a contact sheet's tiles and labels go, in pixels (the points of a PDF or SVG sheet).
struct ContactSheetLayout {
    /// The space around and between tiles.
    static let gap = 8
    /// The strip under each tile that holds its label.
    static let labelHeight = 22
    /// The label's font size, in points.
    static let labelFontSize: CGFloat = 13

    let tileWidth: Int
    let tileHeight: Int
    let columns: Int
    let rows: Int

    init(tileWidth: Int, tileHeight: Int, columns: Int, tileCount: Int) {
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.columns = min(columns, max(tileCount, 1))
        rows = (tileCount + self.columns - 1) / self.columns
    }

    /// The sheet's size; `nil` when it would not fit an `Int`.
    var size: (width: Int, height: Int)? {
        let width = columns.multipliedReportingOverflow(by: tileWidth + Self.gap)
        let height = rows.multipliedReportingOverflow(by: tileHeight + Self.labelHeight + Self.gap)
        guard !width.overflow, !height.overflow else { return nil }
        return (width.partialValue + Self.gap, height.partialValue + Self.gap)
    }

    /// Tile `index`'s picture.
    func tileRect(_ index: Int) -> CGRect {
        let column = index % columns, row = index / columns
        return CGRect(x: Self.gap + column * (tileWidth + Self.gap),
                      y: Self.gap + row * (tileHeight + Self.labelHeight + Self.gap),
                      width: tileWidth, height: tileHeight)
    }

    /// The centre of tile `index`'s label.
    func labelCenter(_ index: Int) -> CGPoint {
        let tile = tileRect(index)
        return CGPoint(x: tile.midX, y: tile.maxY + CGFloat(Self.labelHeight) / 2)
    }
}
