import Foundation

/// What seals bytes for a place and opens them there: the data key
/// (`DataProtector`) or a person's key (`PersonSealer`). The JSON and text
/// forms every caller uses are written once, here.
public protocol PlaceSealing: Sendable {
    func seal(_ plaintext: Data, at place: SealPlace) throws -> Data
    func open(_ sealed: Data, at place: SealPlace) throws -> Data
}

extension PlaceSealing {
    public func seal<T: Encodable>(json value: T, at place: SealPlace) throws -> Data {
        try seal(JSONEncoder().encode(value), at: place)
    }

    public func open<T: Decodable>(json type: T.Type, from sealed: Data, at place: SealPlace) throws -> T {
        try JSONDecoder().decode(type, from: open(sealed, at: place))
    }

    public func seal(text: String, at place: SealPlace) throws -> Data { try seal(Data(text.utf8), at: place) }

    public func openText(_ sealed: Data, at place: SealPlace) throws -> String {
        String(decoding: try open(sealed, at: place), as: UTF8.self)
    }
}
