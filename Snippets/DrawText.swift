// Draws a title card with text into a 640×280-pixel bitmap and writes it as a PNG.
//
// Text is shaped by HarfBuzz through Pango (Arabic joins and runs right to left, Devanagari forms
// conjuncts) in the Noto Sans family the package carries, so it draws the same on every machine.

import Flipbook
import Foundation

var bitmap = try Bitmap(width: 640, height: 280)
bitmap.draw(scale: 2, background: .white) { context, size in
    let title = context.resolve(Text("Hello, Flipbook 🎉").font(.title).bold())
    let titleSize = title.measure(in: size)
    context.draw(title, at: CGPoint(x: size.width / 2, y: 12), anchor: .top)
    context.draw(Text("مرحبا · नमस्ते").font(.title3).foregroundColor(.indigo),
                 at: CGPoint(x: size.width / 2, y: 16 + titleSize.height), anchor: .top)
    context.draw(Text("Text in a rectangle wraps to its width and ends with an ellipsis when it runs out of room.")
                    .font(.callout).multilineTextAlignment(.center).lineLimit(2),
                 in: CGRect(x: 20, y: 88, width: size.width - 40, height: 48))
}
try bitmap.writePNG(to: URL(fileURLWithPath: "title.png"))
