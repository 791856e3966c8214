import Crypto
import Foundation
import SwiftASN1
import VerityCore
import X509

/// A certificate signing request as a device sends it, checked before anything
/// trusts it: well-formed, a P-256 key, signed by that key.
public struct SigningRequest: Sendable {
    public let csr: CertificateSigningRequest
    public let publicKey: P256.Signing.PublicKey
    /// The request, DER: what is stored with the certificate.
    public let der: [UInt8]

    /// CSRs are a few hundred bytes; anything far larger is not one.
    public static let maximumBytes = 16 * 1024

    /// Accepts PEM ("-----BEGIN CERTIFICATE REQUEST-----") or DER. Throws `VALIDATION_ERROR` naming `field`.
    public init(_ bytes: [UInt8], field: String = "csr") throws(VerityError) {
        guard !bytes.isEmpty, bytes.count <= Self.maximumBytes else {
            throw VerityError(.validationError, "The certificate signing request is empty or too large.", field: field)
        }
        let parsed: CertificateSigningRequest
        do {
            if let text = String(bytes: bytes, encoding: .utf8), text.contains("-----BEGIN") {
                parsed = try CertificateSigningRequest(pemEncoded: text)
            } else {
                parsed = try CertificateSigningRequest(derEncoded: bytes)
            }
        } catch {
            throw VerityError(.validationError, "The certificate signing request is not a PKCS#10 request.", field: field)
        }
        guard let key = P256.Signing.PublicKey(parsed.publicKey) else {
            throw VerityError(.validationError, "The certificate signing request must carry a P-256 key.", field: field)
        }
        guard parsed.publicKey.isValidSignature(parsed.signature, for: parsed) else {
            throw VerityError(.validationError, "The certificate signing request is not signed by its own key.", field: field)
        }
        csr = parsed
        publicKey = key
        var serializer = DER.Serializer()
        der = (try? serializer.serialize(parsed)).map { serializer.serializedBytes } ?? bytes
    }

    /// The request's common name, if it has exactly one.
    public var commonName: String? {
        let names = csr.subject.flatMap { $0 }.filter { $0.type == .RDNAttributeType.commonName }
        guard names.count == 1 else { return nil }
        return names[0].value.description
    }
}
