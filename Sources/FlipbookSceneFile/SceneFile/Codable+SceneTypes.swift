import FlipbookAnimation
import FlipbookDrawing
import Foundation

// `Codable` for every type a scene file holds, through the same parameter tables as the scene-file
// reader: one set of keys, defaults and limits however the value is read or written.

extension SceneFile.ConfettiParameters: Codable {
    static let codec = ValueCodec<Self>.object(Self.parameters, initial: Self())
    public init(from decoder: any Decoder) throws { self = try Self.codec.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Self.codec.encode(self, to: encoder) }
}

extension SceneFile.RipplesParameters: Codable {
    static let codec = ValueCodec<Self>.object(Self.parameters, initial: Self())
    public init(from decoder: any Decoder) throws { self = try Self.codec.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Self.codec.encode(self, to: encoder) }
}

extension SceneFile.RippleDescription: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.ripple.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.ripple.encode(self, to: encoder) }
}

extension SceneFile.RainDescription: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.rain.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.rain.encode(self, to: encoder) }
}

extension SceneFile.TrailDescription: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.trail.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.trail.encode(self, to: encoder) }
}
