import Foundation

extension LottieAnimation {
    /// Reads a Lottie animation: a `.json` file (Bodymovin), a `.lottie` container or a lottie-android
    /// zip (told by the zip signature), or a Telegram sticker (`.tgs`, gzip-compressed JSON, told by the
    /// gzip signature); images it names are read from the file's folder (or the container).
    ///
    /// - Throws: ``FlipbookError`` of kind `.file` when the file is missing or unreadable; `.invalidInput`
    ///   when it is not a Lottie animation, is past a bound of `options.limits` (naming the JSON pointer
    ///   of the value), has a feature rlottie does not draw under `options.strict`, or rlottie cannot
    ///   read it.
    public init(contentsOf url: URL, options: LottieOptions = LottieOptions()) throws {
        let data = try readLottieFile(url, limit: options.limits.maximumFileSize)
        try self.init(data: data, source: url.path, baseDirectory: url.deletingLastPathComponent(), options: options)
    }

    /// Reads a Lottie animation from JSON `data` (a `.lottie` container's or a `.tgs` sticker's bytes too);
    /// `source` names it in messages, and the images it names are read from `baseDirectory` (the current
    /// directory when `nil`).
    ///
    /// - Throws: as ``init(contentsOf:options:)``.
    public init(data: Data, source: String = "the Lottie animation", baseDirectory: URL? = nil,
                options: LottieOptions = LottieOptions()) throws {
        guard data.count <= options.limits.maximumFileSize else {
            throw FlipbookError(invalid: source, "must be at most \(options.limits.maximumFileSize) bytes; it is \(data.count) bytes.")
        }
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let container = try LottieContainer(data, source: source, limits: options.limits)
            try self.init(json: container.animation, source: source, foldersStartAtRoot: true,
                          slotFolder: baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                          options: options) { image in
                try container.image(folder: image.folder, name: image.name)
            }
            return
        }
        let folder = baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let json = LottieSticker.isSticker(data)
            ? try LottieSticker.inflate(data, source: source, limit: options.limits.maximumFileSize) : data
        try self.init(json: json, source: source, foldersStartAtRoot: false, slotFolder: folder, options: options) { image in
            let file = folder.appendingPathComponent(image.folder).appendingPathComponent(image.name)
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            return try readLottieFile(file, limit: options.limits.maximumFileSize)
        }
    }

    /// The animation in `json`: checked, its slots filled, its external images embedded, then handed to rlottie.
    /// `slotFolder`: where the relative paths of image slots start.
    private init(json: Data, source: String, foldersStartAtRoot: Bool, slotFolder: URL, options: LottieOptions,
                 image: (LottieScan.ExternalImage) throws -> Data?) throws {
        let limits = options.limits
        guard json.count <= limits.maximumFileSize else {
            throw FlipbookError(invalid: source, "must be at most \(limits.maximumFileSize) bytes; it is \(json.count) bytes.",
                                at: .init(file: source))
        }
        try checkNesting(json, limit: limits.maximumNesting, source: source)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: json)
        } catch {
            throw FlipbookError(.invalidInput, "\(source) is not JSON: \((error as NSError).localizedDescription)",
                                at: .init(file: source))
        }
        guard var root = parsed as? [String: Any] else {
            throw FlipbookError(invalid: "\(source) /", "must be an object (a Lottie animation); it is \(describe(parsed)).",
                                at: .init(file: source))
        }
        // Edits (slots, embedded images) are made on the JSON as written, its keys in their order.
        var ordered: LottieJSON?
        func edited() throws -> LottieJSON {
            if let ordered { return ordered }
            guard let read = LottieJSON(json) else {
                throw FlipbookError(.invalidInput, "\(source) is JSON Flipbook cannot read again.", at: .init(file: source))
            }
            return read
        }
        if !options.slots.isEmpty || root["slots"] != nil {
            var tree = try edited()
            if try LottieSlots.apply(options.slots, to: root, json: &tree, source: source, folder: slotFolder,
                                      limits: limits) {
                ordered = tree
                // The values the slots gave are checked like the file's own.
                root = try JSONSerialization.jsonObject(with: tree.data) as? [String: Any] ?? root
            }
        }
        var scan = LottieScan(limits: limits, source: source)
        scan.foldersStartAtRoot = foldersStartAtRoot
        try scan.scan(root)
        if options.strict, let warning = scan.warnings.first {
            throw FlipbookError(invalid: "\(source) \(warning.pointer)", "is a part rlottie does not draw (\(warning.problem)); "
                                    + "strict reading refuses it.", at: .init(file: source))
        }
        if !scan.externalImages.isEmpty {
            var tree = try edited()
            guard case .array(var assets)? = tree["assets"] else { throw scan.refuse("/assets", "must be a list of assets.") }
            for external in scan.externalImages {
                let pointer = "/assets/\(external.index)/p"
                guard let bytes = try image(external) else {
                    throw scan.refuse(pointer, "must name an image beside the animation; there is no \(external.folder + external.name).")
                }
                try scan.checkImageData(bytes, pointer: pointer)
                // Embedded, so rlottie reads no file itself.
                for (key, value) in embeddedImageMembers(bytes) { assets[external.index][key] = value }
            }
            tree["assets"] = .array(assets)
            ordered = tree
        }
        var adapted = try edited()
        if LottieAdaptation.adapt(&adapted, scan: scan, root: root) { ordered = adapted }
        for (index, override) in options.overrides.enumerated() {
            if let problem = override.problem { throw FlipbookError(invalid: "The override \(index) ('\(override.keypath)')", problem) }
        }
        let bytes = ordered?.data ?? json
        do {
            player = try LottiePlayer(json: bytes, source: source, overrides: options.overrides)
        } catch let error as FlipbookError where error.kind == .invalidInput {
            // rlottie says only that it cannot read the file: find the part it stops at.
            guard let found = (ordered ?? LottieJSON(bytes)).flatMap({ LottieRefusal.locate(in: $0) }) else { throw error }
            let pointer = LottieAdaptation.pointerInFile(found, scan: scan)
            throw FlipbookError(invalid: "\(source) \(pointer)", "must be \(LottieRefusal.part(at: pointer)) rlottie can read; "
                                    + "it passes Flipbook's checks, but rlottie cannot read the file with it "
                                    + "(and can with only what comes before it).", at: .init(file: source))
        }
        size = scan.size
        frameRate = scan.frameRate
        frameCount = scan.frameCount
        markers = scan.markers.map {
            Marker(name: $0.name, startFrame: $0.startFrame - scan.firstFrame, durationFrames: $0.durationFrames)
        }
        warnings = scan.warnings
        self.source = source
    }
}

/// An image asset's members holding `bytes` (a PNG or JPEG) embedded: `p` its data URI, `u` empty
/// and `e` 1, so rlottie reads no file itself.
func embeddedImageMembers(_ bytes: Data) -> [(String, LottieJSON)] {
    let kind = bytes.first == 0x89 ? "png" : "jpeg"
    return [("p", .string("data:image/\(kind);base64," + bytes.base64EncodedString())), ("u", .string("")), ("e", .literal("1"))]
}

/// The bytes of a regular file of at most `limit` bytes; `what` names it in messages.
func readLottieFile(_ url: URL, limit: Int, what: String = "Lottie file") throws -> Data {
    let path = url.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        throw FlipbookError.file("Cannot read the \(what) \(path): there is no such file.", path: path)
    }
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
    guard attributes?[.type] as? FileAttributeType == .typeRegular else {
        throw FlipbookError.file("Cannot read the \(what) \(path): it is not a regular file.", path: path)
    }
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
    guard size <= limit else {
        throw FlipbookError(invalid: path, "must be at most \(limit) bytes (LottieLimits.maximumFileSize); it is \(size) bytes.",
                            at: .init(file: path))
    }
    do {
        return try Data(contentsOf: url)
    } catch {
        throw FlipbookError.file("Cannot read the \(what) \(path): \(error.localizedDescription)", path: path)
    }
}
