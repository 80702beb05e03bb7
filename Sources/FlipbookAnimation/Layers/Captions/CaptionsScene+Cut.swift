import Foundation

extension CaptionsScene {
    /// The pages drawn cut at the box, a word too wide for it even at the smallest scale allowed:
    /// what `flipbook check` reports as cut captions.
    package var cutPages: [CaptionPage] {
        zip(pages, layouts).filter { $0.1.isCut }.map(\.0)
    }
}
