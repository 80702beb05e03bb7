import Foundation
extension CairoCanvas {
    /// Options for ``CairoCanvas/clip(to:style:options:)``, as in SwiftUI.
    public struct ClipOptions: OptionSet, Hashable, Sendable {
        /// The options as bits.
        public let rawValue: UInt32

        /// Options from their bits.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Keep what lies *outside* the path instead of inside it.
        public static let inverse = ClipOptions(rawValue: 1 << 0)
    }
}
