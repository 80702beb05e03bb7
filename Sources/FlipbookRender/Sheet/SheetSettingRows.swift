import FlipbookCore
import Foundation

/// The rows of the settings table that belong to `flipbook sheet` (``ContactSheet``).
extension Setting {
    /// `sheet --grid CxR`.
    public static let grid = Setting(
        key: "grid", flag: "grid", swift: "ContactSheet.spacing", type: "COLUMNSxROWS",
        defaultValue: "\(ContactSheet.defaultGrid.columns)x\(ContactSheet.defaultGrid.rows)",
        range: "\(ContactSheet.lineLimits.tableText) of each, at most the clip's frames", places: [.sheet],
        help: "Tiles across and down: the first and last frame and the others evenly between.")

    /// `sheet --every SECONDS`.
    public static let every = Setting(
        key: "every", flag: "every", swift: "ContactSheet.spacing", type: "number of seconds", defaultValue: "none (--grid)",
        unit: "seconds", range: "> 0, ≤ the clip's length", places: [.sheet],
        help: "One tile every this many seconds from 0, in place of --grid and its count.")

    /// `sheet --columns N`, for `--every`.
    public static let columns = Setting(
        key: "columns", flag: "columns", swift: "ContactSheet.spacing", type: "whole number",
        defaultValue: "\(ContactSheet.defaultGrid.columns)", range: ContactSheet.lineLimits.tableText, places: [.sheet],
        help: "Tiles across, for --every and its sheets.")

    /// `sheet --tile-width W`.
    public static let tileWidth = Setting(
        key: "tileWidth", flag: "tile-width", swift: "ContactSheet.tileWidth", type: "whole number",
        defaultValue: "\(ContactSheet.defaultTileWidth)", unit: "pixels", range: ContactSheet.tileWidthLimits.tableText,
        places: [.sheet], help: "Each tile's width; the clip is drawn at the scale that makes it this wide.")

    /// `sheet --label time|frame`.
    public static let label = Setting(
        key: "label", flag: "label", swift: "ContactSheet.label", type: "time or frame",
        defaultValue: ContactSheet.Label.time.rawValue,
        range: ContactSheet.Label.allCases.map(\.rawValue).joined(separator: ", "), places: [.sheet],
        help: "What is written under each tile: its time in seconds or its frame number.")

    /// The sheet's rows, in the order tables list them.
    public static let sheetSettings: [Setting] = [.grid, .every, .columns, .tileWidth, .label]
}
