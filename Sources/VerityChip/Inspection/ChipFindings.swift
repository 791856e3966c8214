import Foundation
import VerityCore

/// What the chip's files prove, fact by fact: the engines' answer about one
/// chip. The server turns it into the document report's `chip` section and
/// decides from `reasons`; nothing here is a verdict.
package struct ChipFindings: Sendable, Codable, Equatable {
    /// EF.SOD was not sent, or could not be read as a security object.
    package var securityObjectUnreadable = false
    package var hashAlgorithm: String?
    package var ldsVersion: String?
    package var signatureAlgorithm: String?
    package var documentSigner: CertificateFacts?
    /// Whether the Document Signer's key signed the SOD's hashes.
    package var signatureValid = false
    package var chain: ChainStatus = .notChecked
    package var issuer: CertificateFacts?
    package var revocation: RevocationStatus = .noList
    package var dataGroups: [DataGroupFinding] = []
    /// DG1's MRZ, line by line, when DG1 was sent and reads.
    package var mrzLines: [String]?
    /// DG2's faces (the image itself stays in the engines' hands until matched).
    package var faces: [FaceFacts] = []
    package var activeAuthentication: ActiveAuthenticationStatus = .notOffered
    package var offersChipAuthentication = false
    package var offersPACE = false
    /// Files the app sent that could not be read as the standard writes them.
    package var unreadableFiles: [ChipFile] = []

    package enum ChainStatus: String, Sendable, Codable, Equatable {
        case notChecked = "not_checked"
        /// The Document Signer was signed by a trusted CSCA, both valid when they signed.
        case verified
        /// No trusted CSCA has the Document Signer's issuer's name or key.
        case cscaUnknown = "csca_unknown"
        /// A CSCA of that name is trusted, but its key did not sign the Document Signer.
        case signatureInvalid = "signature_invalid"
        /// Signed by a trusted CSCA, but one of them was not valid when it signed.
        case expired
    }

    package enum RevocationStatus: Sendable, Codable, Equatable {
        case noList
        case checked(listIssued: Date, nextUpdate: Date?, revoked: Bool)
    }

    package enum ActiveAuthenticationStatus: String, Sendable, Codable, Equatable {
        /// No DG15: the chip has no Active Authentication key.
        case notOffered = "not_offered"
        /// DG15 was sent but no answer to a challenge.
        case notPerformed = "not_performed"
        case verified
        case failed
        /// DG15's key could not be read.
        case keyUnreadable = "key_unreadable"
    }
}

/// A certificate as a report names it.
package struct CertificateFacts: Sendable, Codable, Equatable {
    package let subject: String
    package let issuer: String
    package let country: String?
    package let serialNumber: String
    package let notBefore: Date
    package let notAfter: Date
    package let key: String
    package let fingerprint: String
    /// The subject's name key (`DistinguishedName.key`): how a Document Signer's issuer finds it.
    package let subjectKey: String
    /// The subject key identifier, hex, when the certificate gives one.
    package let keyIdentifier: String?

    init(_ certificate: ChipCertificate) {
        subjectKey = certificate.subject.key
        keyIdentifier = certificate.subjectKeyIdentifier?.hexString
        subject = certificate.subject.text
        issuer = certificate.issuer.text
        country = certificate.subject.country ?? certificate.issuer.country
        serialNumber = certificate.serialNumberHex
        notBefore = certificate.notBefore
        notAfter = certificate.notAfter
        key = certificate.publicKey.summary
        fingerprint = certificate.fingerprint
    }
}

/// One data group: sent or listed, and what its hash says.
package struct DataGroupFinding: Sendable, Codable, Equatable {
    package enum Status: String, Sendable, Codable {
        /// Its hash is the one the SOD signed.
        case verified
        /// Its hash differs from the SOD's.
        case altered
        /// Sent, but the SOD does not list it: never trusted.
        case unprotected
        /// Listed by the SOD, not sent (fingerprints need terminal access, say).
        case notRead = "not_read"
    }

    package let number: Int
    package let status: Status
}

/// DG2's face: its format and declared size.
package struct FaceFacts: Sendable, Codable, Equatable {
    package let format: String
    package let width: Int?
    package let height: Int?
    package let bytes: Int
}
