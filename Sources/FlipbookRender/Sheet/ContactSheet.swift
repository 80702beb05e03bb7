import FlipbookAnimation
import FlipbookCore
import Foundation

/// A contact sheet: evenly spaced moments of a clip laid out in a grid, each labelled with its time or
/// frame number, for reviewing a render at a glance (`flipbook sheet`, ``renderContactSheet(_:sheet:to:)``).
///
/// Tile `k` is the picture ``renderStill(_:at:to:pngCompression:cancellation:)`` draws at the tile's
/// time, drawn at the scale that makes it ``tileWidth`` pixels wide.
public struct ContactSheet: Sendable, Equatable {
    /// Which moments the tiles show.
    public enum Spacing: Sendable, Equatable {
        /// `columns × rows` frames, the first and the last frame of the clip and the others evenly
        /// between them (whole frames).
        case grid(columns: Int, rows: Int)
        /// One tile every `seconds` from time 0 (0, s, 2s, … before the clip's end), `columns` a row.
        case every(seconds: TimeInterval, columns: Int)
    }

    /// What is written under each tile.
    public enum Label: String, Sendable, Equatable, CaseIterable {
        /// The tile's time in seconds: `1.25 s`.
        case time
        /// The frame number, counted from 0: `frame 75`.
        case frame
    }

    /// Which moments the tiles show. Default a 4 × 3 grid.
    public var spacing: Spacing
    /// The width of each tile in pixels; its height keeps the clip's aspect ratio. Default ``defaultTileWidth``.
    public var tileWidth: Int
    /// What is written under each tile. Default the time.
    public var label: Label

    /// 4 columns, 3 rows.
    public static let defaultGrid = (columns: 4, rows: 3)
    /// 320 pixels.
    public static let defaultTileWidth = 320
    /// The columns or rows of a grid, and the columns of a sheet of `every`.
    public static let lineLimits = 1...100
    /// A tile's width, in pixels.
    public static let tileWidthLimits = 16...4096

    /// A sheet; every value is checked by ``tiles(of:)``.
    public init(spacing: Spacing = .grid(columns: defaultGrid.columns, rows: defaultGrid.rows),
                tileWidth: Int = defaultTileWidth, label: Label = .time) {
        self.spacing = spacing
        self.tileWidth = tileWidth
        self.label = label
    }

    /// One tile: the moment it shows and its label.
    public struct Tile: Sendable, Equatable {
        /// The timeline time the tile shows, in seconds.
        public var time: TimeInterval
        /// The frame at or just before ``time``.
        public var frame: Int
        /// The text under the tile.
        public var label: String
    }

    /// The number of columns the sheet has.
    public var columns: Int {
        switch spacing {
        case .grid(let columns, _): columns
        case .every(_, let columns): columns
        }
    }

    /// The tiles for `timeline`, in reading order.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) naming `grid`, `every`, `columns` or `tileWidth`
    ///   when a value is out of range, or a grid asks for more tiles than the clip has frames.
    public func tiles(of timeline: Timeline) throws -> [Tile] {
        guard Self.tileWidthLimits.contains(tileWidth) else {
            throw FlipbookError.mustBe("tileWidth", "between \(Self.tileWidthLimits.lowerBound) and "
                                       + "\(Self.tileWidthLimits.upperBound) pixels", itIs: String(tileWidth))
        }
        let frameCount = timeline.frameCount
        switch spacing {
        case .grid(let columns, let rows):
            guard Self.lineLimits.contains(columns), Self.lineLimits.contains(rows) else {
                throw FlipbookError.mustBe("grid", "COLUMNSxROWS with \(Self.lineLimits.lowerBound) to "
                                           + "\(Self.lineLimits.upperBound) of each", itIs: "\(columns)x\(rows)")
            }
            let count = columns * rows
            guard count <= frameCount else {
                throw FlipbookError(invalid: "grid", "\(columns)x\(rows) asks for \(count) frames; the clip has \(frameCount).",
                                    at: .init(keyPath: "grid"))
            }
            return (0..<count).map { k in
                // The first and the last frame, the others evenly between (in whole frames, exactly).
                let frame = count == 1 ? 0 : k * (frameCount - 1) / (count - 1)
                return tile(timeline, time: timeline.time(ofFrame: frame), frame: frame)
            }
        case .every(let seconds, let columns):
            guard seconds.isFinite, seconds > 0, seconds <= timeline.duration else {
                throw FlipbookError.mustBe("every", "greater than 0 and at most the clip's length "
                                           + "(\(formatNumber(timeline.duration)) s)", itIs: formatNumber(seconds))
            }
            guard Self.lineLimits.contains(columns) else {
                throw FlipbookError.mustBe("columns", "between \(Self.lineLimits.lowerBound) and "
                                           + "\(Self.lineLimits.upperBound)", itIs: String(columns))
            }
            var tiles: [Tile] = []
            var k = 0
            while true {
                let time = Double(k) * seconds
                guard time < timeline.duration else { break }
                guard tiles.count < Self.lineLimits.upperBound * Self.lineLimits.upperBound else {
                    throw FlipbookError.mustBe("every", "at least \(formatNumber(timeline.duration / 10_000)) s for this clip: "
                                               + "a sheet holds at most 10000 tiles", itIs: formatNumber(seconds))
                }
                let frame = min(Self.frame(at: time, of: timeline), frameCount - 1)
                tiles.append(tile(timeline, time: time, frame: frame))
                k += 1
            }
            return tiles
        }
    }

    /// The frame at or just before `time` (from 0 up to the clip's length, so the product fits).
    private static func frame(at time: TimeInterval, of timeline: Timeline) -> Int {
        var frame = Int(exactly: (time * timeline.fps.framesPerSecond).rounded(.down)) ?? 0
        while frame > 0, timeline.time(ofFrame: frame) > time { frame -= 1 }
        while timeline.time(ofFrame: frame + 1) <= time { frame += 1 }
        return frame
    }

    private func tile(_ timeline: Timeline, time: TimeInterval, frame: Int) -> Tile {
        switch label {
        case .time: Tile(time: time, frame: frame, label: "\(formatNumber((time * 1000).rounded() / 1000)) s")
        case .frame: Tile(time: time, frame: frame, label: "frame \(frame)")
        }
    }
}
