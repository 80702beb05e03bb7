import Foundation

/// Flipbook's own reading of a Lottie file's JSON, before rlottie sees it: every bound of
/// ``LottieLimits`` checked, the features rlottie does not draw listed, the external images found.
///
/// Errors name the file and the JSON pointer of the offending value, in the project's "must be …; it
/// is …" form.
struct LottieScan {
    /// An image asset stored outside the JSON: its index in `assets`, folder (`u`) and name (`p`).
    struct ExternalImage {
        var index: Int
        var folder: String
        var name: String
    }

    let limits: LottieLimits
    let source: String
    /// Whether an image folder (`u`) starting with `/` starts from the container's root (a `.lottie`).
    var foldersStartAtRoot = false
    /// The assets by id, with their index in `assets`.
    var assets: [String: (index: Int, object: [String: Any])] = [:]
    /// The shapes each precomposition draws and the depth of the chain it heads (1 for one holding no
    /// other), once counted.
    var assetShapes: [String: (shapes: Int, height: Int)] = [:]
    /// The deepest precomposition met while counting the current one.
    var deepest = 0
    /// The precompositions being counted, to find one that holds itself.
    var visiting: Set<String> = []
    var layerCount = 0

    private(set) var size = CGSize.zero
    private(set) var frameRate = 0.0
    private(set) var frameCount = 0
    /// The first frame lottie-web plays: `ip` rounded (JavaScript's `Math.round`).
    private(set) var firstFrame = 0.0
    /// Whether the file's colours are 0–255 (Bodymovin before 4.1.9), as lottie-web reads them.
    private(set) var legacyColors = false
    private(set) var markers: [LottieAnimation.Marker] = []
    private(set) var warnings: [LottieWarning] = []
    var externalImages: [ExternalImage] = []
    /// The indices in `assets` of the assets rlottie draws nothing from, left out of what it reads.
    var unusedAssets: Set<Int> = []

    init(limits: LottieLimits, source: String) {
        self.limits = limits
        self.source = source
    }

    /// An error about the value at `pointer`.
    func refuse(_ pointer: String, _ requirement: String) -> FlipbookError {
        FlipbookError(invalid: "\(source) \(pointer.isEmpty ? "/" : pointer)", requirement,
                      at: .init(file: source))
    }

    /// Checks the whole animation `root`.
    mutating func scan(_ root: [String: Any]) throws {
        try readHeader(root)
        legacyColors = isBefore([4, 1, 9], version: root["v"])
        try checkTypes(root)
        let assetList = root["assets"].map { $0 as? [Any] } ?? []
        guard let assetList else { throw refuse("/assets", "must be a list of assets.") }
        for (index, item) in assetList.enumerated() {
            let pointer = "/assets/\(index)"
            guard let asset = item as? [String: Any] else { throw refuse(pointer, "must be an object (an asset).") }
            // rlottie reads a number as an id too, as its decimal text.
            guard let id = (asset["id"] as? String) ?? (asset["id"] as? NSNumber).map({ format($0.doubleValue) }) else {
                throw refuse(pointer + "/id", "must be text (the asset's id).")
            }
            guard assets[id] == nil else { throw refuse(pointer + "/id", "must be unique; '\(id)' is used twice.") }
            assets[id] = (index, asset)
        }
        try checkAssets(root)
        guard let layers = root["layers"] as? [Any] else { throw refuse("/layers", "must be a list of layers.") }
        _ = try layerListShapes(layers, pointer: "/layers", depth: 0)
        try readMarkers(root["markers"])
        try findExpressions(root, pointer: "", depth: 0)
    }

    /// The frame rate, size, in and out points.
    private mutating func readHeader(_ root: [String: Any]) throws {
        let fr = try number(root["fr"], "/fr", "a frame rate")
        guard fr > 0, fr <= limits.maximumFrameRate else {
            throw refuse("/fr", "must be a frame rate above 0 and at most \(format(limits.maximumFrameRate)); it is \(format(fr)).")
        }
        let w = try number(root["w"], "/w", "a width"), h = try number(root["h"], "/h", "a height")
        for (value, key) in [(w, "/w"), (h, "/h")] where !(value >= 1 && value <= limits.maximumSide) {
            throw refuse(key, "must be between 1 and \(format(limits.maximumSide)) points; it is \(format(value)).")
        }
        let ip = try number(root["ip"], "/ip", "the first frame"), op = try number(root["op"], "/op", "the end frame")
        // As lottie-web plays it: floor(op − ip) frames from round(ip).
        let frames = (op - ip).rounded(.down)
        guard frames >= 1, frames <= Double(limits.maximumFrameCount) else {
            throw refuse("/op", "must be between 1 and \(limits.maximumFrameCount) frames after ip (\(format(ip))); it is \(format(op)).")
        }
        guard abs(ip) <= Double(Int32.max) else {
            throw refuse("/ip", "must be a frame number between \(-Int32.max) and \(Int32.max); it is \(format(ip)).")
        }
        frameRate = Self.rate(fr)
        size = CGSize(width: w, height: h)
        frameCount = Int(frames)
        firstFrame = (ip + 0.5).rounded(.down)
    }

    /// The rate a file's `fr` stands for: the supported rate its decimal names when there is one
    /// (After Effects writes 29.97 as 29.9700012207031, which is 30000/1001), otherwise `fr` itself.
    static func rate(_ fr: Double) -> Double {
        let named = FrameRate(decimal: fr)
        return named.isSupported ? named.framesPerSecond : fr
    }

    /// Whether the file's version `v` ("4.1.8") is before `minimum`, compared part by part as lottie-web
    /// does; a file without a version is not.
    private func isBefore(_ minimum: [Int], version: Any?) -> Bool {
        guard let text = version as? String else { return false }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        for (index, bound) in minimum.enumerated() {
            guard index < parts.count, let part = parts[index] else { return false }
            if part != bound { return part < bound }
        }
        return false
    }

    private mutating func readMarkers(_ value: Any?) throws {
        guard let value else { return }
        guard let list = value as? [Any] else { throw refuse("/markers", "must be a list of markers.") }
        for (index, item) in list.enumerated() {
            let pointer = "/markers/\(index)"
            guard let marker = item as? [String: Any], let name = marker["cm"] as? String else {
                throw refuse(pointer, "must be a marker with a name (cm).")
            }
            let time = try number(marker["tm"], pointer + "/tm", "a frame number")
            let length = try number(marker["dr"] ?? 0, pointer + "/dr", "a number of frames")
            guard length >= 0 else { throw refuse(pointer + "/dr", "must be at least 0 frames; it is \(format(length)).") }
            markers.append(.init(name: name, startFrame: time, durationFrames: length))
        }
    }

    /// A finite number at `pointer`.
    func number(_ value: Any?, _ pointer: String, _ noun: String) throws -> Double {
        // JSONSerialization gives `true` as an NSNumber too; rlottie refuses it where it reads a number.
        guard let number = value as? NSNumber, !isFlag(number) else {
            throw refuse(pointer, "must be a number (\(noun)); it is \(value.map(describe) ?? "missing").")
        }
        let double = number.doubleValue
        guard double.isFinite else { throw refuse(pointer, "must be a finite number (\(noun)); it is \(double).") }
        return double
    }

    /// Records a part rlottie does not draw.
    mutating func warn(_ pointer: String, _ problem: String) {
        warnings.append(LottieWarning(pointer: pointer, problem: problem))
    }
}

/// A JSON value, short, for messages.
func describe(_ value: Any) -> String {
    switch value {
    case let text as String: "'\(text.prefix(40))'"
    case is [Any]: "a list"
    case is [String: Any]: "an object"
    case is NSNull: "null"
    case let number as NSNumber where String(cString: number.objCType) == "c": number.boolValue ? "true" : "false"
    default: "\(value)"
    }
}

/// A number as a person writes it: `30`, `29.97`.
func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
