// Four `Canvas` closures written the way SwiftUI tutorials write them — shapes, semantic colours,
// SF Symbol names, a symbol resolved by id, shadings and the blur-and-threshold "metaball" recipe —
// each compiled unchanged. In an app each is `Canvas { context, size in clock(context: &context, size: size) }`
// (the emitter `Canvas(…) { … } symbols: { Image(systemName: "sparkle").tag(0) }`); here one drawing
// call per closure places them side by side, in the light and the dark colour scheme.

import Flipbook
import Foundation

func clock(context: inout GraphicsContext, size: CGSize) {
    let face = CGRect(origin: .zero, size: size).insetBy(dx: 12, dy: 12)
    let center = CGPoint(x: face.midX, y: face.midY)
    context.fill(Circle().path(in: face), with: .color(white: 0.5, opacity: 0.12))
    context.stroke(Circle().inset(by: 2).path(in: face), with: .foreground, lineWidth: 4)
    for hour in 0..<12 {
        var tick = context
        tick.translateBy(x: center.x, y: center.y)
        tick.rotate(by: .degrees(Double(hour) * 30))
        let mark = CGRect(x: -2, y: -face.height / 2 + 12, width: 4, height: hour % 3 == 0 ? 18 : 10)
        tick.fill(Capsule().path(in: mark), with: .color(.secondary))
    }
    var hands = context
    hands.translateBy(x: center.x, y: center.y)
    let hourHand = RoundedRectangle(cornerRadius: 3, style: .continuous)
        .rotation(.degrees(-60), anchor: .bottom)
        .path(in: CGRect(x: -3, y: -face.height * 0.28, width: 6, height: face.height * 0.28))
    hands.fill(hourHand, with: .color(.primary))
    let minuteHand = Capsule()
        .rotation(.degrees(48), anchor: .bottom)
        .path(in: CGRect(x: -2, y: -face.height * 0.4, width: 4, height: face.height * 0.4))
    hands.fill(minuteHand, with: .color(.accentColor))
    hands.fill(Circle().path(in: CGRect(x: -6, y: -6, width: 12, height: 12)), with: .color(.accentColor))
}

func metaballs(context: inout GraphicsContext, size: CGSize) {
    context.addFilter(.alphaThreshold(min: 0.5, color: .mint))
    context.addFilter(.blur(radius: 18))
    context.drawLayer { ctx in
        for (x, y, r) in [(0.3, 0.35, 0.22), (0.62, 0.42, 0.18), (0.45, 0.7, 0.2), (0.78, 0.75, 0.12)] {
            let circle = CGRect(x: size.width * (x - r), y: size.height * (y - r),
                                width: size.width * r * 2, height: size.width * r * 2)
            ctx.fill(Circle().path(in: circle), with: .color(.white))
        }
    }
}

func sparkleEmitter(context: inout GraphicsContext, size: CGSize) {
    context.fill(Rectangle().path(in: CGRect(origin: .zero, size: size)),
                 with: .linearGradient(Gradient(colors: [.indigo, .purple]), startPoint: .zero,
                                       endPoint: CGPoint(x: size.width, y: size.height)))
    guard let sparkle = context.resolveSymbol(id: 0) else { return }
    for index in 0..<60 {
        let angle = Angle.degrees(Double(index) * 137.5)
        let distance = 8 + 3.1 * Double(index)
        var particle = context
        particle.opacity = 1 - Double(index) / 80
        particle.translateBy(x: size.width / 2 + distance * cos(angle.radians), y: size.height / 2 + distance * sin(angle.radians))
        particle.scaleBy(x: 0.6 + Double(index % 5) / 5, y: 0.6 + Double(index % 5) / 5)
        particle.draw(sparkle, at: .zero)
    }
}

func iconRow(context: inout GraphicsContext, size: CGSize) {
    let names = ["heart.fill", "star.fill", "bolt.fill", "flame.fill", "music.note", "checkmark"]
    let colors: [Color] = [.red, .yellow, .orange, .pink, .primary, .green]
    let cell = size.width / 3
    let top = (size.height - 2 * cell) / 2
    for (index, name) in names.enumerated() {
        var image = context.resolve(Image(systemName: name))
        image.shading = .color(colors[index])
        let rect = CGRect(x: CGFloat(index % 3) * cell, y: top + CGFloat(index / 3) * cell, width: cell, height: cell)
        context.stroke(RoundedRectangle(cornerRadius: 12).inset(by: 6).path(in: rect),
                       with: .color(.secondary), lineWidth: 1)
        context.draw(image, in: rect.insetBy(dx: cell * 0.22, dy: cell * 0.22))
    }
}

let closures: [(inout GraphicsContext, CGSize) -> Void] = [clock, metaballs, sparkleEmitter, iconRow]
// The symbol view `Image(systemName: "sparkle")`, drawn in the icon's own white.
let symbols: [AnyHashable: Symbol] = [0: .image(Image(systemName: "sparkle").renderingMode(.original))]
let panel: CGFloat = 240
var sheet = try Bitmap(width: Int(panel) * closures.count * 2, height: Int(panel) * 2 * 2)
for (row, scheme) in ColorScheme.allCases.enumerated() {
    // Each closure gets its own drawing call and canvas, as each SwiftUI Canvas does.
    for (column, draw) in closures.enumerated() {
        var canvas = try Bitmap(width: Int(panel) * 2, height: Int(panel) * 2)
        canvas.draw(scale: 2, background: scheme == .dark ? .black : .white,
                    environment: EnvironmentValues(colorScheme: scheme), symbols: symbols) { context, size in
            draw(&context, size)
        }
        sheet.draw(background: nil) { context, _ in
            context.draw(canvas, in: CGRect(x: CGFloat(column) * panel * 2, y: CGFloat(row) * panel * 2,
                                            width: panel * 2, height: panel * 2))
        }
    }
}
try sheet.writePNG(to: URL(fileURLWithPath: "ported-canvases.png"))
