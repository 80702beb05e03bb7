import Foundation

// Image assets: an embedded image must be a PNG or JPEG within the size limit; an external one must
// be a plain relative path inside the animation's folder (or container), never `..`, an absolute
// path or a URL. Its bytes are checked the same way once they are read (`checkImageData`).

extension LottieScan {
    /// Checks the image asset `asset` at `pointer`; an external one is recorded in `externalImages`.
    mutating func checkImage(_ asset: [String: Any], index: Int) throws {
        let pointer = "/assets/\(index)"
        for key in ["w", "h"] {
            guard let value = asset[key] else { continue }
            let side = try number(value, "\(pointer)/\(key)", "an image side")
            guard side >= 0, side <= Double(limits.maximumImageSide) else {
                throw refuse("\(pointer)/\(key)", "must be between 0 and \(limits.maximumImageSide) pixels; it is \(format(side)).")
            }
        }
        guard let name = asset["p"] else { return }
        guard let name = name as? String else { throw refuse(pointer + "/p", "must be text (the image's file or data).") }
        // rlottie reads the folder as text even beside embedded data.
        let folder = try asset["u"].map { value in
            guard let text = value as? String else { throw refuse(pointer + "/u", "must be text (the image's folder).") }
            return text
        } ?? ""
        if name.hasPrefix("data:") {
            let data = try embeddedImage(name, pointer: pointer + "/p")
            try checkImageData(data, pointer: pointer + "/p")
            return
        }
        if let embedded = asset["e"], !(embedded is NSNumber) { throw refuse(pointer + "/e", "must be 0 or 1.") }
        // In a container, a folder such as "/images/" starts from the container's root.
        try checkRelativePath(foldersStartAtRoot ? String(folder.drop { $0 == "/" }) : folder, pointer: pointer + "/u")
        try checkRelativePath(name, pointer: pointer + "/p")
        guard !name.isEmpty else { throw refuse(pointer + "/p", "must name the image's file; it is empty.") }
        externalImages.append(ExternalImage(index: index, folder: folder, name: name))
    }

    /// The bytes of a `data:` URI holding a base64 image.
    func embeddedImage(_ uri: String, pointer: String) throws -> Data {
        guard let comma = uri.firstIndex(of: ","), uri[..<comma].hasSuffix(";base64"),
              let data = Data(base64Encoded: String(uri[uri.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else {
            throw refuse(pointer, "must be a base64 data URI (data:image/png;base64,…) or a file name; it is not readable base64.")
        }
        return data
    }

    /// Refuses a path that leaves the animation's folder: absolute, a URL, or with a `..` part.
    func checkRelativePath(_ path: String, pointer: String) throws {
        if path.hasPrefix("/") || path.hasPrefix("\\") {
            throw refuse(pointer, "must be a path inside the animation's folder; it is the absolute path '\(path)'.")
        }
        if path.contains("://") || path.contains(":") {
            throw refuse(pointer, "must be a path inside the animation's folder; it is '\(path)', which names another place.")
        }
        if path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..") {
            throw refuse(pointer, "must be a path inside the animation's folder; '\(path)' leaves it with '..'.")
        }
        if path.contains("\0") { throw refuse(pointer, "must be a path without NUL characters.") }
    }

    /// Refuses image bytes that are not a PNG or JPEG within ``LottieLimits/maximumImageSide``.
    func checkImageData(_ data: Data, pointer: String) throws {
        if let problem = imageDataProblem(data, limits: limits) { throw refuse(pointer, problem) }
    }
}

/// Why `data` cannot be a Lottie image (not a PNG or JPEG, or past `limits`), or `nil`: what an
/// image asset and an image slot are both held to.
func imageDataProblem(_ data: Data, limits: LottieLimits) -> String? {
    guard data.count <= limits.maximumFileSize else {
        return "must be an image of at most \(limits.maximumFileSize) bytes; it is \(data.count) bytes."
    }
    guard let (width, height) = imagePixelSize(data) else {
        return "must be a PNG or JPEG image (the formats rlottie decodes)."
    }
    guard width >= 1, height >= 1, width <= limits.maximumImageSide, height <= limits.maximumImageSide else {
        return "must be an image of at most \(limits.maximumImageSide) × \(limits.maximumImageSide) pixels; "
            + "it is \(width) × \(height)."
    }
    return nil
}

/// The width and height a PNG's header or a JPEG's frame header states, without decoding; `nil` for
/// anything else.
func imagePixelSize(_ data: Data) -> (Int, Int)? {
    let bytes = [UInt8](data.prefix(1 << 20))
    func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
    func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
    if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
       bytes[12...15].elementsEqual("IHDR".utf8) {
        return (be32(16), be32(20))
    }
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var i = 2
    while i + 9 < bytes.count {
        guard bytes[i] == 0xFF else { return nil }
        let marker = bytes[i + 1]
        if marker == 0xFF { i += 1; continue }
        // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) carry the size.
        if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
            return (be16(i + 7), be16(i + 5))
        }
        if marker == 0xD9 || marker == 0xDA { return nil }
        i += 2 + be16(i + 2)
    }
    return nil
}
