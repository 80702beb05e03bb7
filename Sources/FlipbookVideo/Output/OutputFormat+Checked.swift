import FlipbookCore
import Foundation

extension OutputFormat {
    /// The format for an output name a Swift caller gives, with the checks a render's plan makes
    /// before anything is drawn: the options, the format they and the name resolve to, and the
    /// codec's frame-size limit. The public encoders and ``makeFrameSink(url:width:height:fps:options:firstNumber:)``
    /// start here; a plan has made these checks already and passes its format on.
    package static func checked(url: URL, options: VideoOptions, width: Int, height: Int) throws -> OutputFormat {
        try options.validate()
        let format = try OutputFormat(url: url, options: options)
        try format.codec.checkFrameSize(width: width, height: height)
        return format
    }
}
