import Foundation
import VerityCore
@_spi(CMS) import X509

/// Detached CMS (PKCS#7) signatures over documents: what `openssl cms -verify`
/// and PDF/S/MIME tools understand. The signature carries the signer's
/// certificate and the issuing CA, so anyone with the root can check it.
///
/// swift-certificates exposes CMS as an SPI (`@_spi(CMS)`); it is the same
/// code its own package uses and is pinned with the package version.
public enum DocumentSignature {
    /// Largest document signed or checked in one piece.
    public static let maximumBytes = 50 * 1024 * 1024

    public static func sign(_ content: [UInt8], certificate: Certificate, key: Certificate.PrivateKey,
                            chain: [Certificate], signingTime: Date = Date()) throws -> [UInt8] {
        guard content.count <= maximumBytes else {
            throw VerityError(.payloadTooLarge, "Documents are signed up to \(maximumBytes / 1_048_576) MiB.", field: "document")
        }
        return try CMS.sign(content, signatureAlgorithm: .ecdsaWithSHA256, additionalIntermediateCertificates: chain,
                            certificate: certificate, privateKey: key, signingTime: signingTime, detached: true)
    }

    /// Who signed `content`: the signature must be a detached CMS signature whose
    /// signer chains to `root` through `intermediates`, valid at `now`, and whose
    /// serial is not among `revokedSerials` (uppercase hex).
    public static func verify(_ content: [UInt8], signature: [UInt8], root: Certificate, intermediates: [Certificate],
                              revokedSerials: Set<String> = [], now: Date = Date()) async throws(VerityError) -> Certificate {
        guard content.count <= maximumBytes, !signature.isEmpty, signature.count <= 1_048_576 else {
            throw VerityError(.validationError, "The document or its signature is empty or too large.", field: "signature")
        }
        // Malformed signatures come back as `.invalidCMSBlock`, not as thrown errors.
        let result = await CMS.isValidSignature(dataBytes: content, signatureBytes: signature,
                                                additionalIntermediateCertificates: intermediates,
                                                trustRoots: CertificateStore([root])) {
            RFC5280Policy(validationTime: now)
        }
        switch result {
        case .success(let valid):
            let serial = SerialNumbers.hex(Array(valid.signer.serialNumber.bytes))
            guard !revokedSerials.contains(serial) else {
                throw VerityError(.validationError, "The signer's certificate is revoked.", field: "signature")
            }
            return valid.signer
        case .failure(let failure):
            switch failure {
            case .unableToValidateSigner:
                throw VerityError(.validationError, "The signer's certificate does not chain to the platform CA or is not valid now.", field: "signature")
            case .invalidCMSBlock:
                throw VerityError(.validationError, "The signature does not match the document.", field: "signature")
            }
        }
    }
}
