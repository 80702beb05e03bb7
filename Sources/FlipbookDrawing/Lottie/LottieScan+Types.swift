import Foundation

// The JSON types of the keys rlottie reads. rlottie's parser takes each value to be the type it
// expects (a layer's `ind` a whole number, a property's `k` a number, a list or keyframes, a
// keyframe's `i` an object, …); a value of another type puts it in an error state from which some
// builds read on into a half-made model. Each such key is checked here first, so a file of the wrong
// shape is refused with the pointer of the value, whatever rlottie build draws it.

extension LottieScan {
    /// The kind of value a key holds.
    enum Kind {
        case number, wholeNumber, text, flag, list
        /// An animatable property (`{"a": 0, "k": …}`).
        case property
        /// An animatable bezier path (`{"a": 0, "k": {"c": true, "v": […], "i": […], "o": […]}}`).
        case pathProperty
        /// A transform (`ks`, a group's `tr`): properties by key, and a split position.
        case transform
    }

    /// The keys of every layer rlottie reads, and their kinds.
    private static let layerKeys: [String: Kind] = [
        "ty": .wholeNumber, "ind": .wholeNumber, "parent": .wholeNumber, "ddd": .wholeNumber, "ao": .wholeNumber,
        "tt": .wholeNumber, "td": .wholeNumber, "bm": .wholeNumber, "w": .wholeNumber, "h": .wholeNumber,
        "sw": .wholeNumber, "sh": .wholeNumber, "nm": .text, "refId": .text, "sc": .text, "sr": .number, "ip": .number,
        "op": .number, "st": .number, "hasMask": .flag, "hd": .flag, "ks": .transform, "tm": .property, "shapes": .list,
        "masksProperties": .list,
    ]

    /// The keys of a transform other than its properties.
    private static let transformKeys: [String: Kind] = ["ty": .text, "nm": .text, "hd": .flag]
    /// A transform's properties (`p` may instead be split into `x` and `y`).
    private static let transformProperties: Set<String> = ["a", "p", "s", "r", "o", "sk", "sa", "rx", "ry", "rz", "or", "so", "eo"]

    /// The keys of each shape item rlottie reads, by its `ty`, beside `ty`, `nm` and `hd`.
    private static let shapeKeys: [String: [String: Kind]] = [
        "gr": ["it": .list, "np": .number],
        "rc": ["p": .property, "s": .property, "r": .property, "d": .wholeNumber],
        "el": ["p": .property, "s": .property, "d": .wholeNumber],
        "sr": ["p": .property, "r": .property, "pt": .property, "ir": .property, "is": .property, "or": .property,
               "os": .property, "sy": .wholeNumber, "d": .wholeNumber],
        "sh": ["ks": .pathProperty, "d": .wholeNumber],
        "fl": ["c": .property, "o": .property, "r": .wholeNumber],
        "st": ["c": .property, "o": .property, "w": .property, "lc": .wholeNumber, "lj": .wholeNumber, "ml": .number,
               "d": .list],
        "gf": ["s": .property, "e": .property, "h": .property, "a": .property, "o": .property, "t": .wholeNumber,
               "r": .wholeNumber],
        "gs": ["s": .property, "e": .property, "h": .property, "a": .property, "o": .property, "w": .property,
               "t": .wholeNumber, "lc": .wholeNumber, "lj": .wholeNumber, "ml": .number, "d": .list],
        "tm": ["s": .property, "e": .property, "o": .property, "m": .wholeNumber],
        "rp": ["c": .property, "o": .property, "m": .wholeNumber, "tr": .transform],
        "tr": [:],
    ]

    /// The keys of a mask.
    private static let maskKeys: [String: Kind] = ["mode": .text, "nm": .text, "inv": .flag, "pt": .pathProperty,
                                                   "o": .property, "x": .property]

    /// Checks the types of the composition's own keys and of every layer under `layers` and the
    /// precompositions.
    mutating func checkTypes(_ root: [String: Any]) throws {
        try checkKinds(root, ["v": .text, "nm": .text, "ddd": .wholeNumber, "w": .wholeNumber, "h": .wholeNumber],
                       pointer: "")
        if let assetList = root["assets"] as? [Any] {
            for (index, item) in assetList.enumerated() {
                guard let asset = item as? [String: Any] else { continue }
                let pointer = "/assets/\(index)"
                try checkKinds(asset, ["w": .wholeNumber, "h": .wholeNumber, "e": .wholeNumber, "nm": .text], pointer: pointer)
                if let layers = asset["layers"] as? [Any] { try checkLayerTypes(layers, pointer: pointer + "/layers") }
            }
        }
        if let layers = root["layers"] as? [Any] { try checkLayerTypes(layers, pointer: "/layers") }
    }

    private func checkLayerTypes(_ layers: [Any], pointer: String) throws {
        for (index, item) in layers.enumerated() {
            let layerPointer = "\(pointer)/\(index)"
            guard let layer = item as? [String: Any] else { continue }
            try checkKinds(layer, Self.layerKeys, pointer: layerPointer)
            if let shapes = layer["shapes"] as? [Any] { try checkShapeTypes(shapes, pointer: layerPointer + "/shapes") }
            if let masks = layer["masksProperties"] as? [Any] {
                for (maskIndex, entry) in masks.enumerated() {
                    let maskPointer = "\(layerPointer)/masksProperties/\(maskIndex)"
                    guard let mask = entry as? [String: Any] else { throw refuse(maskPointer, "must be an object (a mask).") }
                    try checkKinds(mask, Self.maskKeys, pointer: maskPointer)
                }
            }
        }
    }

    private func checkShapeTypes(_ items: [Any], pointer: String) throws {
        for (index, entry) in items.enumerated() {
            let itemPointer = "\(pointer)/\(index)"
            guard let item = entry as? [String: Any], let type = item["ty"] as? String else { continue }
            try checkKinds(item, ["nm": .text, "hd": .flag], pointer: itemPointer)
            if type == "tr" {
                try checkTransform(item, pointer: itemPointer)
                continue
            }
            guard let keys = Self.shapeKeys[type] else { continue }
            try checkKinds(item, keys, pointer: itemPointer)
            if let children = item["it"] as? [Any], type == "gr" { try checkShapeTypes(children, pointer: itemPointer + "/it") }
            if let dashes = item["d"] as? [Any] {
                for (dashIndex, element) in dashes.enumerated() {
                    let dashPointer = "\(itemPointer)/d/\(dashIndex)"
                    guard let dash = element as? [String: Any] else { throw refuse(dashPointer, "must be an object (a dash).") }
                    try checkKinds(dash, ["n": .text, "nm": .text, "v": .property], pointer: dashPointer)
                }
            }
            if type == "gf" || type == "gs", let gradient = item["g"] {
                guard let colours = gradient as? [String: Any] else {
                    throw refuse(itemPointer + "/g", "must be an object (the gradient's colours); it is \(describe(gradient)).")
                }
                try checkKinds(colours, ["p": .wholeNumber, "k": .property], pointer: itemPointer + "/g")
            }
        }
    }

    /// Checks each key of `object` that `kinds` names.
    private func checkKinds(_ object: [String: Any], _ kinds: [String: Kind], pointer: String) throws {
        for key in kinds.keys.sorted() {
            guard let value = object[key], let kind = kinds[key] else { continue }
            try check(value, is: kind, pointer: pointer + "/" + escapePointer(key))
        }
    }

    private func check(_ value: Any, is kind: Kind, pointer: String) throws {
        switch kind {
        case .number:
            guard isNumber(value) else { throw refuse(pointer, "must be a number; it is \(describe(value)).") }
        case .wholeNumber:
            guard let number = value as? NSNumber, isNumber(value), number.doubleValue == number.doubleValue.rounded(),
                  abs(number.doubleValue) <= Double(Int32.max) else {
                throw refuse(pointer, "must be a whole number; it is \(describe(value)).")
            }
        case .text:
            guard value is String else { throw refuse(pointer, "must be text; it is \(describe(value)).") }
        case .flag:
            guard isFlag(value) else { throw refuse(pointer, "must be true or false; it is \(describe(value)).") }
        case .list:
            guard value is [Any] else { throw refuse(pointer, "must be a list; it is \(describe(value)).") }
        case .property, .pathProperty:
            try checkProperty(value, isPath: kind == .pathProperty, pointer: pointer)
        case .transform:
            guard let object = value as? [String: Any] else {
                throw refuse(pointer, "must be an object (a transform); it is \(describe(value)).")
            }
            try checkTransform(object, pointer: pointer)
        }
    }

    private func checkTransform(_ transform: [String: Any], pointer: String) throws {
        try checkKinds(transform, Self.transformKeys, pointer: pointer)
        for key in Self.transformProperties.sorted() {
            guard let value = transform[key] else { continue }
            // A position split into its axes: {"s": true, "x": {…}, "y": {…}}.
            if key == "p", let split = value as? [String: Any], split["k"] == nil, split["x"] != nil || split["y"] != nil {
                try checkKinds(split, ["x": .property, "y": .property, "z": .property], pointer: pointer + "/p")
                continue
            }
            try checkProperty(value, isPath: false, pointer: pointer + "/" + key)
        }
    }

    /// An animatable property: `a` (animated) a whole number or flag, `k` a number, a list of numbers, a
    /// list of keyframes, or (a path) a path or a list of one.
    private func checkProperty(_ value: Any, isPath: Bool, pointer: String) throws {
        guard let property = value as? [String: Any] else {
            throw refuse(pointer, "must be an object (an animatable property with a value k); it is \(describe(value)).")
        }
        if let animated = property["a"], !isNumber(animated) && !isFlag(animated) {
            throw refuse(pointer + "/a", "must be 0 or 1; it is \(describe(animated)).")
        }
        guard let k = property["k"] else { throw refuse(pointer + "/k", "must be the property's value; it is missing.") }
        if isPath {
            if let keyframes = k as? [Any], keyframes.first is [String: Any], (keyframes.first as? [String: Any])?["t"] != nil {
                try checkKeyframes(keyframes, isPath: true, pointer: pointer + "/k")
            } else {
                try checkPathValue(k, pointer: pointer + "/k")
            }
            return
        }
        if isNumber(k) { return }
        guard let list = k as? [Any] else {
            throw refuse(pointer + "/k", "must be a number, a list of numbers or a list of keyframes; it is \(describe(k)).")
        }
        if list.first is [String: Any] {
            try checkKeyframes(list, isPath: false, pointer: pointer + "/k")
        } else {
            try checkNumbers(list, pointer: pointer + "/k")
        }
    }

    private func checkKeyframes(_ keyframes: [Any], isPath: Bool, pointer: String) throws {
        for (index, entry) in keyframes.enumerated() {
            let keyframePointer = "\(pointer)/\(index)"
            guard let keyframe = entry as? [String: Any] else {
                throw refuse(keyframePointer, "must be a keyframe (an object with a time t); it is \(describe(entry)).")
            }
            try checkKinds(keyframe, ["t": .number, "h": .wholeNumber], pointer: keyframePointer)
            for key in ["s", "e"] {
                guard let value = keyframe[key] else { continue }
                if isPath {
                    try checkPathValue(value, pointer: "\(keyframePointer)/\(key)")
                } else if !isNumber(value) {
                    guard let list = value as? [Any] else {
                        throw refuse("\(keyframePointer)/\(key)", "must be a number or a list of numbers; it is \(describe(value)).")
                    }
                    try checkNumbers(list, pointer: "\(keyframePointer)/\(key)")
                }
            }
            for key in ["to", "ti"] {
                guard let value = keyframe[key] else { continue }
                guard let list = value as? [Any] else {
                    throw refuse("\(keyframePointer)/\(key)", "must be a list of numbers; it is \(describe(value)).")
                }
                try checkNumbers(list, pointer: "\(keyframePointer)/\(key)")
            }
            for key in ["i", "o"] {
                guard let value = keyframe[key] else { continue }
                guard let handle = value as? [String: Any] else {
                    throw refuse("\(keyframePointer)/\(key)", "must be an object (an easing handle with x and y); it is \(describe(value)).")
                }
                for axis in ["x", "y"] {
                    guard let component = handle[axis] else { continue }
                    if isNumber(component) { continue }
                    guard let list = component as? [Any] else {
                        throw refuse("\(keyframePointer)/\(key)/\(axis)", "must be a number or a list of numbers; it is \(describe(component)).")
                    }
                    try checkNumbers(list, pointer: "\(keyframePointer)/\(key)/\(axis)")
                }
            }
        }
    }

    /// A path: `{"c": true, "v": [[x, y], …], "i": […], "o": […]}`, or a list holding one.
    private func checkPathValue(_ value: Any, pointer: String) throws {
        if let list = value as? [Any] {
            for (index, element) in list.enumerated() { try checkPathValue(element, pointer: "\(pointer)/\(index)") }
            return
        }
        guard let path = value as? [String: Any] else {
            throw refuse(pointer, "must be a path (an object with vertices v, i and o); it is \(describe(value)).")
        }
        if let closed = path["c"], !isFlag(closed) && !isNumber(closed) {
            throw refuse(pointer + "/c", "must be true or false; it is \(describe(closed)).")
        }
        for key in ["v", "i", "o"] {
            guard let points = path[key] else { continue }
            guard let list = points as? [Any] else { throw refuse("\(pointer)/\(key)", "must be a list of points; it is \(describe(points)).") }
            for (index, point) in list.enumerated() {
                guard let pair = point as? [Any] else {
                    throw refuse("\(pointer)/\(key)/\(index)", "must be a point [x, y]; it is \(describe(point)).")
                }
                try checkNumbers(pair, pointer: "\(pointer)/\(key)/\(index)")
            }
        }
    }

    private func checkNumbers(_ list: [Any], pointer: String) throws {
        for (index, element) in list.enumerated() where !isNumber(element) {
            throw refuse("\(pointer)/\(index)", "must be a number; it is \(describe(element)).")
        }
    }

    /// A JSON number (JSONSerialization gives booleans as NSNumber too; they are not numbers here).
    private func isNumber(_ value: Any) -> Bool {
        guard let number = value as? NSNumber, !isFlag(value) else { return false }
        return number.doubleValue.isFinite
    }

    /// A JSON `true` or `false` (JSONSerialization's booleans are NSNumbers of type `c`).
    func isFlag(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c" && (number == true as NSNumber || number == false as NSNumber)
    }
}
