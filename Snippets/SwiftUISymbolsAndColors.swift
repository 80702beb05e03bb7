// A SwiftUI `Canvas(symbols:)` closure with semantic colours, unchanged: in an app it is
// `Canvas { context, size in starfield(&context, size, floor: floor) } symbols: { Text("✦").tag(0) }`. Here the
// symbols are given to the drawing call by id, and the same closure draws a light and a dark picture.

import Flipbook
import Foundation

func starfield(_ context: inout GraphicsContext, _ size: CGSize, floor: Image) {
    // A faint checked floor: one tile repeated.
    context.fill(Path(CGRect(x: 0, y: size.height * 0.7, width: size.width, height: size.height * 0.3)),
                 with: .tiledImage(floor))

    // One symbol, resolved once and drawn many times.
    if let star = context.resolveSymbol(id: 0) {
        for index in 0..<80 {
            // Scattered by the golden ratio's multiples.
            let x = (Double(index) * 0.618034).truncatingRemainder(dividingBy: 1) * size.width
            let y = (Double(index) * 0.754878).truncatingRemainder(dividingBy: 1) * size.height * 0.65
            var twinkle = context
            twinkle.opacity = 0.4 + Double(index % 6) / 10
            twinkle.draw(star, at: CGPoint(x: x, y: y))
        }
    }

    // Primary text (black in light, white in dark), a secondary caption and an accent-coloured rule.
    let center = CGPoint(x: size.width / 2, y: size.height / 2)
    context.draw(Text("Night shift").font(.largeTitle).bold(), at: center)
    context.draw(Text("the same closure, both schemes").font(.headline).foregroundColor(.secondary),
                 at: CGPoint(x: center.x, y: center.y + 32))
    context.stroke(Path { $0.addLines([CGPoint(x: center.x - 120, y: center.y + 54),
                                       CGPoint(x: center.x + 120, y: center.y + 54)]) },
                   with: .style(Color.accentColor), lineWidth: 3)
    context.stroke(Path(roundedRect: CGRect(origin: .zero, size: size).insetBy(dx: 6, dy: 6), cornerRadius: 12),
                   with: .foreground, lineWidth: 2)
}

// A 16-point tile of four 8-point checks, two of them grey at a quarter opacity.
var checks = try Bitmap(width: 32, height: 32)
checks.draw(scale: 2, background: .clear) { tile, _ in
    tile.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .color(white: 0.5, opacity: 0.25))
    tile.fill(Path(CGRect(x: 8, y: 8, width: 8, height: 8)), with: .color(white: 0.5, opacity: 0.25))
}
let floor = Image(bitmap: checks, scale: 2)

let symbols: [AnyHashable: Symbol] = [0: .text(Text("✦").font(.system(size: 14)).foregroundColor(.yellow))]
for scheme in ColorScheme.allCases {
    var bitmap = try Bitmap(width: 960, height: 480)
    bitmap.draw(scale: 2, background: scheme == .dark ? .black : .white,
                environment: EnvironmentValues(colorScheme: scheme), symbols: symbols) { context, size in
        starfield(&context, size, floor: floor)
    }
    try bitmap.writePNG(to: URL(fileURLWithPath: "starfield-\(scheme).png"))
}
