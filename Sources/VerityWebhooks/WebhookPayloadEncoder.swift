import Foundation
import VerityAPI

/// A payload (`VerityAPI.WebhookPayload`) as the event's data, for
/// `WebhookJSON.object`. A payload is flat, strings, integers and flags, and
/// is encoded straight into the dictionary: no JSON tree in between, which is
/// what made `JSONEncoder` cost a tenth of a millisecond an outcome
/// (`docs/benchmarks.md`). Nil members are left out, as the encoder leaves them.
enum WebhookPayloadEncoder {
    static func data(_ payload: some WebhookPayload) -> [String: WebhookValue] {
        let encoder = FlatEncoder()
        // The payloads are this package's flat structs: their encoding cannot fail
        // (a nested member would stop at the precondition, in the tests first).
        try! payload.encode(to: encoder)
        return encoder.members.values
    }

    final class Members {
        var values: [String: WebhookValue] = [:]
    }

    /// The payload's own encoder: a keyed container over `members`.
    private struct FlatEncoder: Encoder {
        let members = Members()
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed<Key>(members: members))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("webhook data is one flat object") }
        func singleValueContainer() -> any SingleValueEncodingContainer { preconditionFailure("webhook data is one flat object") }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let members: Members
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode(_ value: Bool, forKey key: Key) throws { members.values[key.stringValue] = .bool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { members.values[key.stringValue] = .string(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { members.values[key.stringValue] = .int(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            // An enum of the wire: its raw value.
            let single = SingleValue()
            try value.encode(to: single)
            guard let encoded = single.box.value else { preconditionFailure("webhook data holds strings, integers and flags") }
            members.values[key.stringValue] = encoded
        }
        mutating func encode(_ value: Double, forKey key: Key) throws { preconditionFailure("webhook data holds no fractions") }
        mutating func encode(_ value: Float, forKey key: Key) throws { preconditionFailure("webhook data holds no fractions") }
        mutating func encode(_ value: Int8, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { members.values[key.stringValue] = .int(Int64(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("webhook data is one flat object")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { preconditionFailure("webhook data is one flat object") }
        mutating func superEncoder() -> any Encoder { preconditionFailure("webhook data is one flat object") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("webhook data is one flat object") }
    }

    final class Box { package var value: WebhookValue? }

    /// One member's value: what a wire enum's `encode(to:)` writes.
    private struct SingleValue: Encoder, SingleValueEncodingContainer {
        let box = Box()
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { preconditionFailure("webhook data is one flat object") }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("webhook data is one flat object") }
        func singleValueContainer() -> any SingleValueEncodingContainer { self }

        mutating func encodeNil() throws {}
        mutating func encode(_ value: Bool) throws { box.value = .bool(value) }
        mutating func encode(_ value: String) throws { box.value = .string(value) }
        mutating func encode(_ value: Int) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: Int64) throws { box.value = .int(value) }
        mutating func encode(_ value: Int8) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: Int16) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: Int32) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: UInt) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: UInt8) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: UInt16) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: UInt32) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: UInt64) throws { box.value = .int(Int64(value)) }
        mutating func encode(_ value: Double) throws { preconditionFailure("webhook data holds no fractions") }
        mutating func encode(_ value: Float) throws { preconditionFailure("webhook data holds no fractions") }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }
    }
}
