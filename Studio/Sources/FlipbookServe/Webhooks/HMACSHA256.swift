import Flipbook

/// The HMAC-SHA256 (RFC 2104) of `message` under `key`, over the library's SHA-256: a webhook's
/// signature. Two hashes and a padded key; the package does without a cryptography library, whose
/// C alone cost the servers' build more than everything else it compiles.
func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
    let blockSize = 64
    var block = key.count > blockSize ? sha256Digest(key) : key
    block += [UInt8](repeating: 0, count: blockSize - block.count)
    let inner = sha256Digest(block.map { $0 ^ 0x36 } + message)
    return sha256Digest(block.map { $0 ^ 0x5c } + inner)
}
