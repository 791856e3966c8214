import Foundation
import SwiftASN1
import X509

/// A version 2 certificate revocation list (RFC 5280 section 5), signed by the
/// issuing CA; swift-certificates has no CRL type, so it is written with SwiftASN1.
public struct RevocationList {
    public struct Entry: Sendable, Equatable {
        public let serial: [UInt8]
        public let revokedAt: Date

        public init(serial: [UInt8], revokedAt: Date) {
            self.serial = serial
            self.revokedAt = revokedAt
        }
    }

    let issuer: Certificate
    let key: any CASigningKey

    static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]

    func der(_ revoked: [Entry], number: Int, thisUpdate: Date, nextUpdate: Date) throws -> [UInt8] {
        var tbs = DER.Serializer()
        try tbs.appendConstructedNode(identifier: .sequence) { list in
            try list.serialize(1)  // v2
            try list.appendConstructedNode(identifier: .sequence) { try $0.serialize(Self.ecdsaWithSHA256) }
            try list.serialize(issuer.subject)
            try list.serialize(Self.time(thisUpdate))
            try list.serialize(Self.time(nextUpdate))
            if !revoked.isEmpty {
                try list.appendConstructedNode(identifier: .sequence) { entries in
                    for entry in revoked {
                        try entries.appendConstructedNode(identifier: .sequence) { item in
                            try item.serialize(ArraySlice(entry.serial))
                            try item.serialize(Self.time(entry.revokedAt))
                        }
                    }
                }
            }
            let authorityKey = try issuer.extensions.subjectKeyIdentifier?.keyIdentifier
            var crlNumber = DER.Serializer()
            try crlNumber.serialize(number)
            try list.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { wrapper in
                try wrapper.appendConstructedNode(identifier: .sequence) { extensions in
                    try extensions.serialize(try Certificate.Extension(AuthorityKeyIdentifier(keyIdentifier: authorityKey), critical: false))
                    try extensions.serialize(Certificate.Extension(oid: [2, 5, 29, 20], critical: false, value: ArraySlice(crlNumber.serializedBytes)))
                }
            }
        }
        let tbsBytes = tbs.serializedBytes
        let signature = try key.signature(for: tbsBytes)
        var out = DER.Serializer()
        try out.appendConstructedNode(identifier: .sequence) { list in
            list.serializeRawBytes(tbsBytes)
            try list.appendConstructedNode(identifier: .sequence) { try $0.serialize(Self.ecdsaWithSHA256) }
            try list.serialize(ASN1BitString(bytes: ArraySlice(signature)))
        }
        return out.serializedBytes
    }

    /// UTCTime until 2049, GeneralizedTime after, as RFC 5280 requires.
    static func time(_ date: Date) throws -> any DERSerializable {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        let (year, month, day) = (parts.year!, parts.month!, parts.day!)
        let (hour, minute, second) = (parts.hour!, parts.minute!, parts.second!)
        if year < 2050 {
            return try UTCTime(year: year, month: month, day: day, hours: hour, minutes: minute, seconds: second)
        }
        return try GeneralizedTime(year: year, month: month, day: day, hours: hour, minutes: minute, seconds: second, fractionalSeconds: 0)
    }
}
