import FlipbookDrawing

/// How many pixels of `bitmap` hold ink, as `isInk` tells from the pixel's colour, and how many of
/// those are not a grey: the tests of colour emoji against black or monochrome glyphs.
public func inkedAndColoured(_ bitmap: Bitmap, isInk: (Color) -> Bool) -> (inked: Int, coloured: Int) {
    var inked = 0, coloured = 0
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width {
            let c = bitmap.pixel(x: x, y: y)
            guard isInk(c) else { continue }
            inked += 1
            if c.red != c.green || c.green != c.blue { coloured += 1 }
        }
    }
    return (inked, coloured)
}
