import Crypto
import Foundation
import SwiftASN1
import VerityCore
import X509

/// Verity's own certificate authority: a root that signs only the issuing CA,
/// and the issuing CA that signs user certificates and the revocation list.
public struct PlatformCA: Sendable {
    public let root: Certificate
    public let issuing: Certificate
    let issuingKey: any CASigningKey
    public let policy: CertificatePolicy
    /// Where relying parties fetch the revocation list (the server's /pki/crl.der), if known.
    public let crlURL: String?

    public init(root: Certificate, issuing: Certificate, issuingKey: any CASigningKey, policy: CertificatePolicy, crlURL: String? = nil) {
        self.root = root
        self.issuing = issuing
        self.issuingKey = issuingKey
        self.policy = policy
        self.crlURL = crlURL
    }

    static let rootLifetime: TimeInterval = 20 * 365 * 86_400
    static let issuingLifetime: TimeInterval = 10 * 365 * 86_400
    /// User certificates live two years.
    public static let userLifetime: TimeInterval = 2 * 365 * 86_400

    /// A new root and issuing CA named after `organisation`.
    public static func create(organisation: String, rootKey: any CASigningKey, issuingKey: any CASigningKey,
                              policy: CertificatePolicy, now: Date = Date()) throws -> PlatformCA {
        let rootName = try DistinguishedName { OrganizationName(organisation); CommonName("\(organisation) Root CA") }
        let issuingName = try DistinguishedName { OrganizationName(organisation); CommonName("\(organisation) Issuing CA") }
        let rootSKI = SubjectKeyIdentifier(hash: Certificate.PublicKey(rootKey.publicKey))
        let root = try caCertificate(subject: rootName, key: rootKey, issuer: rootName, signer: rootKey, lifetime: rootLifetime,
                                     pathLength: 1, authorityKey: nil, now: now)
        let issuing = try caCertificate(subject: issuingName, key: issuingKey, issuer: rootName, signer: rootKey, lifetime: issuingLifetime,
                                        pathLength: 0, authorityKey: rootSKI.keyIdentifier, now: now)
        return PlatformCA(root: root, issuing: issuing, issuingKey: issuingKey, policy: policy)
    }

    /// A CA certificate: may sign certificates and CRLs, `pathLength` CAs below it.
    private static func caCertificate(subject: DistinguishedName, key: any CASigningKey, issuer: DistinguishedName,
                                      signer: any CASigningKey, lifetime: TimeInterval, pathLength: Int,
                                      authorityKey: ArraySlice<UInt8>?, now: Date) throws -> Certificate {
        let publicKey = Certificate.PublicKey(key.publicKey)
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: ArraySlice(SerialNumbers.random())), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-300), notValidAfter: now.addingTimeInterval(lifetime),
            issuer: issuer, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: pathLength))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
                if let authorityKey { AuthorityKeyIdentifier(keyIdentifier: authorityKey) }
            },
            issuerPrivateKey: signer.certificateKey)
    }

    /// A user certificate for `publicKey` (from a verified CSR, or an HSM key at
    /// level 4): signing and client authentication, subject from the registration.
    public func issue(publicKey: P256.Signing.PublicKey, subject: UserSubject, level: AccreditationLevel,
                      serial: [UInt8] = SerialNumbers.random(), now: Date = Date()) throws -> Certificate {
        let key = Certificate.PublicKey(publicKey)
        let issuerSKI = try issuing.extensions.subjectKeyIdentifier?.keyIdentifier
        let crlURL = self.crlURL
        let policyExtension = try policy.extensionFor(level)
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: ArraySlice(serial)), publicKey: key,
            notValidBefore: now.addingTimeInterval(-60), notValidAfter: min(now.addingTimeInterval(Self.userLifetime), issuing.notValidAfter),
            issuer: issuing.subject, subject: try subject.distinguishedName(), signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true, nonRepudiation: true))
                // Protecting e-mail only for an address the user proved they read.
                try ExtendedKeyUsage(subject.email == nil ? [.clientAuth] : [.clientAuth, .emailProtection])
                SubjectKeyIdentifier(hash: key)
                AuthorityKeyIdentifier(keyIdentifier: issuerSKI)
                if let email = subject.email { SubjectAlternativeNames([.rfc822Name(email)]) }
                policyExtension
                if let crlURL { try CRLDistributionPoints.extension(url: crlURL) }
            },
            issuerPrivateKey: issuingKey.certificateKey)
    }

    /// The chain a relying party needs: issuing CA, then root (PEM).
    public func chainPEM() throws -> String {
        try issuing.serializeAsPEM().pemString + "\n" + root.serializeAsPEM().pemString + "\n"
    }

    /// The DER revocation list of the issuing CA.
    public func revocationList(_ revoked: [RevocationList.Entry], number: Int, now: Date = Date(),
                               nextUpdate: TimeInterval = 7 * 86_400) throws -> [UInt8] {
        try RevocationList(issuer: issuing, key: issuingKey).der(revoked, number: number, thisUpdate: now,
                                                                 nextUpdate: now.addingTimeInterval(nextUpdate))
    }
}

/// The cRLDistributionPoints extension (RFC 5280 4.2.1.13) with one URL;
/// swift-certificates has no type for it.
enum CRLDistributionPoints {
    static func `extension`(url: String) throws -> Certificate.Extension {
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { points in
            try points.appendConstructedNode(identifier: .sequence) { point in
                try point.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { name in
                    try name.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { fullName in
                        // GeneralName uniformResourceIdentifier: [6] IMPLICIT IA5String.
                        try ASN1IA5String(url).serialize(into: &fullName, withIdentifier: ASN1Identifier(tagWithNumber: 6, tagClass: .contextSpecific))
                    }
                }
            }
        }
        return Certificate.Extension(oid: [2, 5, 29, 31], critical: false, value: ArraySlice(serializer.serializedBytes))
    }
}
