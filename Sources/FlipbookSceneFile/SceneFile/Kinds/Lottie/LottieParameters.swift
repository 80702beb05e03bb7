import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A Lottie layer's parameters (`"scene": "lottie"`): see ``LottieScene``.
    public struct LottieParameters: Sendable, Equatable {
        /// The Lottie file, relative to the scene file's folder: `.json`, `.lottie`, a Telegram sticker
        /// (`.tgs`) or a lottie-android `.zip`.
        public var src: String
        /// The box. Default: the animation's own size.
        public var size: Keyframed<CGSize>?
        /// How the animation fills the box. Default contain.
        public var fit: ImageScene.Fit?
        /// Lottie seconds per layer second. Default 1.
        public var speed: Double?
        /// Whether the animation (or marker) starts again when it ends. Default false.
        public var loop: Bool?
        /// The marker whose frames are played. Default: every frame.
        public var marker: String?
        /// Values for the file's slots, by slot id. Default none.
        public var slots: [String: LottieSlotValue]?
        /// Property overrides. Default none.
        public var overrides: [LottieOverride]?
        /// Whether a part rlottie does not draw refuses the file. Default false.
        public var strict: Bool?

        /// Lottie parameters; `nil` keys take their defaults.
        public init(src: String, size: Keyframed<CGSize>? = nil, fit: ImageScene.Fit? = nil, speed: Double? = nil,
                    loop: Bool? = nil, marker: String? = nil, slots: [String: LottieSlotValue]? = nil,
                    overrides: [LottieOverride]? = nil, strict: Bool? = nil) {
            self.src = src
            self.size = size
            self.fit = fit
            self.speed = speed
            self.loop = loop
            self.marker = marker
            self.slots = slots
            self.overrides = overrides
            self.strict = strict
        }

        /// The scene, its file read and checked now; `src` is resolved against `baseDirectory` (the
        /// current directory when `nil`).
        ///
        /// - Throws: ``FlipbookError`` (invalid input) naming `keyPath.src` and the file when it is missing,
        ///   refused by Flipbook's checks (with the JSON pointer of the value) or unreadable by rlottie;
        ///   `keyPath.slots` or `keyPath.overrides` for a value they cannot take.
        public func makeScene(baseDirectory: URL?, keyPath: String = "") throws -> LottieScene {
            let url = URL(fileURLWithPath: src, relativeTo: baseDirectory).standardizedFileURL
            let options = LottieOptions(slots: try slotsInFolder(baseDirectory, keyPath: joinKeyPath(keyPath, "slots")),
                                        overrides: overrides ?? [], strict: strict ?? false)
            let animation: LottieAnimation
            do {
                animation = try LottieAnimation(contentsOf: url, options: options)
            } catch let error as FlipbookError {
                let key = joinKeyPath(keyPath, error.message.hasPrefix("The slot") ? "slots"
                                          : error.message.hasPrefix("The override") ? "overrides" : "src")
                throw FlipbookError(invalid: key, "names the Lottie animation \(url.path), which Flipbook refuses: \(error.message)",
                                    at: .init(keyPath: key))
            }
            return LottieScene(animation, size: size, fit: fit ?? .contain, speed: speed ?? 1, loop: loop ?? false, marker: marker)
        }

        /// The slots with each image's path made absolute against `baseDirectory` (the current
        /// directory when `nil`), where it must stay, as an animation's own images stay in its folder.
        ///
        /// - Throws: ``FlipbookError`` naming `keyPath.ID` for an image outside the folder.
        private func slotsInFolder(_ baseDirectory: URL?, keyPath: String) throws -> [String: LottieSlotValue] {
            let folder = (baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.resolvingSymlinksInPath()
            var resolved = slots ?? [:]
            for (id, value) in resolved {
                guard case .image(let path) = value, !path.isEmpty else { continue }
                let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path))
                    .standardizedFileURL.resolvingSymlinksInPath()
                guard url.path.hasPrefix(folder.path.hasSuffix("/") ? folder.path : folder.path + "/") else {
                    let key = joinKeyPath(keyPath, id)
                    throw FlipbookError(invalid: key, "must name an image inside the scene file's folder (\(folder.path)); "
                                            + "it is \(url.path).", at: .init(keyPath: key))
                }
                resolved[id] = .image(url.path)
            }
            return resolved
        }
    }
}

extension SceneFile.LottieParameters {
    static let parameters = ParameterTable<SceneFile.LottieParameters>(
        title: "Lottie layer", noun: "a Lottie layer",
        summary: layerWithScene + #": a Lottie animation (`.json`, `.lottie`, `.tgs` or a lottie-android `.zip`) drawn by rlottie "#
            + "after Flipbook's own checks of the file, fitted to its box. Time maps to whole Lottie frames "
            + "(rounded down) at the file's own rate; a part rlottie does not draw is a warning, or an error with strict.",
        parameters: [
            .required("src", \.src, .text, help: "The Lottie file, relative to the scene file's folder."),
            .boxSize(\.size, defaultText: "the animation's own size", help: "The box the animation is fitted to."),
            .optional("fit", \.fit, .choice(ImageScene.Fit.allCases.map { ($0.rawValue, $0) }), default: .contain,
                      help: "contain, cover, fill or none, as for an image layer."),
            .optional("speed", \.speed, .number, default: 1, limits: .above(0, atMost: LottieScene.maximumSpeed),
                      limitsCheckedWhereMade: true, help: "Lottie seconds per layer second."),
            .optional("loop", \.loop, .bool, default: false,
                      help: "Whether the animation (or marker) starts again when it ends; otherwise its last frame stays."),
            .optional("marker", \.marker, .text, defaultText: "every frame", help: "The marker (cm) whose frames are played."),
            .optional("slots", \.slots, .lottieSlots, defaultText: "the file's own",
                      help: #"Values for the file's slots by id: a colour, a number or a list of numbers ({"accent": "{{accent}}"}), "#
                          + #"or for an image asset's slot an image in the scene file's folder ({"photo": {"image": "{{photo}}"}})."#),
            .optional("overrides", \.overrides, .list(.lottieOverride, of: "overrides"), defaultText: "none",
                      help: #"Property overrides, each {"keypath": "**.Fill 1"} and one of fillColor, strokeColor, "#
                          + "fillOpacity (0–1), strokeOpacity (0–1), strokeWidth, position [x, y], scale (1 or [sx, sy]), rotation (degrees)."),
            .optional("strict", \.strict, .bool, default: false,
                      help: "Whether a part rlottie does not draw (text layers, merge paths, effects, expressions) refuses the file."),
        ])
}
