// A SwiftUI `Canvas` closure's body, unchanged: labelled, shadowed text, emoji confetti and a
// blurred glow. In an app it is `Canvas { context, size in celebrate(&context, size) }`; here the
// same function draws into a bitmap on Linux and writes a PNG.

import Flipbook
import Foundation

func celebrate(_ context: inout GraphicsContext, _ size: CGSize) {
    let center = CGPoint(x: size.width / 2, y: size.height / 2)

    // A soft glow behind the badge: each filter applies to what this copy of the context draws.
    var glow = context
    glow.addFilter(.blur(radius: 28))
    glow.fill(Path(ellipseIn: CGRect(x: center.x - 150, y: center.y - 80, width: 300, height: 160)),
              with: .color(.orange.opacity(0.7)))

    // Emoji confetti on a golden-angle spiral, each turned its own way.
    let emoji = ["🎉", "🎊", "✨", "🥳", "🌟"]
    for index in 0..<48 {
        let angle = Angle.degrees(Double(index) * 137.5)
        let radius = 105 + 2.6 * Double(index)
        var particle = context
        particle.translateBy(x: center.x + radius * cos(angle.radians) * 1.5, y: center.y + radius * sin(angle.radians))
        particle.rotate(by: .degrees(Double(index) * 29))
        particle.draw(Text(emoji[index % emoji.count]).font(.system(size: 18 + Double(index % 4) * 4)), at: .zero)
    }

    // The label, with a drop shadow.
    var label = context
    label.addFilter(.shadow(color: .black.opacity(0.45), radius: 3, x: 0, y: 3))
    label.draw(Text("Level up!").font(.largeTitle).bold().foregroundColor(.white), at: center)
    let title = context.resolve(Text("Level up!").font(.largeTitle).bold())
    label.draw(Text("10 lessons in a row").font(.headline).foregroundColor(.white),
               at: CGPoint(x: center.x, y: center.y + title.measure(in: size).height / 2 + 4), anchor: .top)
}

var bitmap = try Bitmap(width: 800, height: 480)
bitmap.draw(scale: 2, background: Color(red: 0.16, green: 0.12, blue: 0.32)) { context, size in
    celebrate(&context, size)
}
try bitmap.writePNG(to: URL(fileURLWithPath: "celebrate.png"))
