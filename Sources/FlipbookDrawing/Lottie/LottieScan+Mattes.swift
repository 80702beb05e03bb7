import Foundation

// Track mattes as rlottie 0.1 draws them: the layer directly above a matted layer (`tt`) is its
// matte, whatever the file names, and a matte layer (`td`) is left undrawn only when the layer below
// it is matted. lottie-web takes the matte from `tp` (the matte layer's `ind`, written by Bodymovin
// 5.12 and later and by newer exporters) and never draws a `td` layer itself. Where the file's own
// structure makes the two differ, rlottie's picture is wrong, and each such layer is a warning.

extension LottieScan {
    /// Warns of each matte in `layers` (a composition's list, at `pointer`) that rlottie draws otherwise.
    mutating func checkMattes(_ layers: [Any], pointer: String) {
        let objects = layers.map { $0 as? [String: Any] ?? [:] }
        func matted(_ index: Int) -> Bool {
            objects.indices.contains(index) && (1...4).contains(Self.whole(objects[index]["tt"]) ?? 0)
        }
        for (index, layer) in objects.enumerated() {
            let layerPointer = "\(pointer)/\(index)"
            if matted(index) {
                if index == 0 {
                    warn(layerPointer + "/tt", "track matte with no layer above it, not drawn")
                } else if matted(index - 1) {
                    warn(layerPointer + "/tt", "track matte from a layer with a track matte of its own, not drawn")
                } else if let source = Self.whole(layer["tp"]), Self.whole(objects[index - 1]["ind"]) != source {
                    warn(layerPointer + "/tp", "track matte from the layer with ind \(source), not drawn "
                             + "(rlottie takes the layer directly above, \(pointer)/\(index - 1), as the matte)")
                }
            }
            if (Self.whole(layer["td"]) ?? 0) != 0, !matted(index + 1) {
                warn(layerPointer + "/td", "matte layer drawn as an ordinary layer (rlottie hides a matte only "
                         + "when the layer directly below uses it)")
            }
        }
    }

    /// A whole JSON number, or `nil`.
    private static func whole(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, number.doubleValue.isFinite,
              abs(number.doubleValue) <= Double(Int32.max) else { return nil }
        return Int(exactly: number.doubleValue)
    }
}
