import FlipbookDrawing
import Foundation

// `Codable` for the scenes' values a scene file holds, through the same parameter tables as the
// scene-file reader: one set of keys, defaults and limits however the value is read or written.

extension ConfettiPhysics: Codable {
    package static let codec = ValueCodec<ConfettiPhysics>.object(ConfettiPhysics.parameters, initial: ConfettiPhysics())
    public init(from decoder: any Decoder) throws { self = try Self.codec.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Self.codec.encode(self, to: encoder) }
}

extension ConfettiEmitter: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.emitter.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.emitter.encode(self, to: encoder) }
}

extension ConfettiShape: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.shape.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.shape.encode(self, to: encoder) }
}

extension ConfettiBurst: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.burst.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.burst.encode(self, to: encoder) }
}

extension ConfettiEmission: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.emission.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.emission.encode(self, to: encoder) }
}

extension TouchScript.Event: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.touch.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.touch.encode(self, to: encoder) }
}
