// Draws a sunburst on a gradient card into a 640×400-pixel bitmap and writes it as a PNG.
//
// The context is a value: `var ctx = context` gives each ray its own transform and opacity.

import Flipbook
import Foundation

var bitmap = try Bitmap(width: 640, height: 400)
bitmap.draw(scale: 2, background: .white) { context, size in
    let card = CGRect(x: 20, y: 20, width: size.width - 40, height: size.height - 40)
    context.fill(Path(roundedRect: card, cornerRadius: 16),
                 with: .linearGradient(Gradient(colors: [.indigo, .pink]),
                                       startPoint: card.origin, endPoint: CGPoint(x: card.maxX, y: card.maxY)))
    for ray in 0..<12 {
        var ctx = context            // a copy: its transform and opacity are its own
        ctx.opacity = 0.8
        ctx.translateBy(x: size.width / 2, y: size.height / 2)
        ctx.rotate(by: .degrees(Double(ray) * 30))
        ctx.fill(Path(CGRect(x: 30, y: -4, width: 60, height: 8)), with: .color(.yellow))
    }
}
try bitmap.writePNG(to: URL(fileURLWithPath: "sunburst.png"))
