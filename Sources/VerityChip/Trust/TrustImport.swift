import Foundation
import VerityCore

/// What an operator hands Verity to trust, read and checked: a CSCA master
/// list (its signature verified to a CSCA the operator names), a single CSCA
/// or link certificate, or a CSCA's revocation list. DER or PEM.
package enum TrustImport {
    /// One certificate of an import and what became of it.
    package struct Entry: Sendable, Codable, Equatable {
        package enum Outcome: String, Sendable, Codable {
            case accepted
            /// The same certificate appears earlier in the import.
            case duplicate
            /// Not taken; `reason` says why.
            case skipped
        }

        /// Why a certificate was not taken: a closed list, worded by whoever shows it.
        package enum Reason: String, Sendable, Codable {
            case duplicate
            /// Not an X.509 certificate as DER writes it.
            case unreadable
            /// A key, curve or signature algorithm Verity does not read.
            case unsupportedAlgorithm = "unsupported_algorithm"
            /// basicConstraints says it is no certificate authority.
            case notCertificateAuthority = "not_certificate_authority"
            case selfSignatureInvalid = "self_signature_invalid"
            /// A link certificate its issuer in the same list did not sign.
            case issuerSignatureInvalid = "issuer_signature_invalid"
        }

        package let outcome: Outcome
        package let reason: Reason?
        package let facts: CertificateFacts?
        /// A self-issued CSCA, or a link certificate (issued by the state's previous CSCA).
        package let isLink: Bool
        /// The certificate as encoded, for the trust store; nil when skipped.
        package let encoded: Data?
    }

    package struct Outcome: Sendable, Codable, Equatable {
        package enum Kind: String, Sendable, Codable { case masterList = "master_list", certificate, revocationList = "revocation_list" }
        package let kind: Kind
        package let entries: [Entry]
        /// A revocation list, when the import was one.
        package let revocationList: RevocationListFacts?
        /// The master list's signer, when the import was one.
        package let signer: CertificateFacts?
    }

    /// Reads `bytes`; a master list needs `signerAnchors`, the CSCA(s) its
    /// signer chains to. Throws a format error for what is none of the three,
    /// and a refusal for a master list whose signature does not hold.
    package static func read(_ bytes: [UInt8], signerAnchors: [[UInt8]]) throws(TrustImportRefusal) -> Outcome {
        let der = PEM.derBlocks(bytes) ?? [bytes]
        guard let first = der.first, !first.isEmpty else { throw TrustImportRefusal.empty }
        if let list = try? MasterList(first) {
            return try masterList(list, anchors: signerAnchors)
        }
        if let crl = try? RevocationList(encoded: first) {
            return Outcome(kind: .revocationList, entries: [], revocationList: RevocationListFacts(crl), signer: nil)
        }
        var seen: Set<String> = []
        let entries = der.map { block in
            do {
                return entry(try ChipCertificate(encoded: block), seen: &seen, inList: [])
            } catch {
                return Entry(outcome: .skipped, reason: (error as? ChipFormatError)?.isUnsupported == true ? .unsupportedAlgorithm : .unreadable, facts: nil, isLink: false, encoded: nil)
            }
        }
        guard entries.contains(where: { $0.facts != nil }) else {
            throw TrustImportRefusal.unrecognised
        }
        return Outcome(kind: .certificate, entries: entries, revocationList: nil, signer: nil)
    }

    private static func masterList(_ list: MasterList, anchors: [[UInt8]]) throws(TrustImportRefusal) -> Outcome {
        let anchorCertificates = anchors.compactMap { try? ChipCertificate(encoded: $0) }
        guard !anchorCertificates.isEmpty else {
            throw TrustImportRefusal.masterListWithoutAnchor
        }
        let verification = list.verification(against: anchorCertificates)
        if let failure = verification.failure { throw failure }
        let certificates = list.entries.compactMap { if case .certificate(let certificate) = $0 { certificate } else { nil } }
        var seen: Set<String> = []
        let entries = list.entries.map { item in
            switch item {
            case .certificate(let certificate): entry(certificate, seen: &seen, inList: certificates)
            case .unreadable(let unsupported):
                Entry(outcome: .skipped, reason: unsupported ? .unsupportedAlgorithm : .unreadable, facts: nil, isLink: false, encoded: nil)
            }
        }
        return Outcome(
            kind: .masterList, entries: entries, revocationList: nil,
            signer: verification.signer.map(CertificateFacts.init))
    }

    /// A CSCA must be a certificate authority and its self-signature (or, for
    /// a link certificate, its issuer's signature when the list holds the
    /// issuer) must verify; an expired CSCA is kept, since passports it
    /// vouched for while valid still chain to it.
    private static func entry(_ certificate: ChipCertificate, seen: inout Set<String>, inList list: [ChipCertificate]) -> Entry {
        let facts = CertificateFacts(certificate)
        let isLink = !certificate.isSelfSigned
        func skipped(_ outcome: Entry.Outcome, _ reason: Entry.Reason) -> Entry {
            Entry(outcome: outcome, reason: reason, facts: facts, isLink: isLink, encoded: nil)
        }
        guard seen.insert(certificate.fingerprint).inserted else { return skipped(.duplicate, .duplicate) }
        if certificate.isCertificateAuthority == false { return skipped(.skipped, .notCertificateAuthority) }
        if !isLink, !certificate.isSigned(by: certificate) { return skipped(.skipped, .selfSignatureInvalid) }
        let issuers = list.filter { certificate.mayBeIssued(by: $0) && $0.fingerprint != certificate.fingerprint }
        if isLink, !issuers.isEmpty, !issuers.contains(where: { certificate.isSigned(by: $0) }) {
            return skipped(.skipped, .issuerSignatureInvalid)
        }
        return Entry(outcome: .accepted, reason: nil, facts: facts, isLink: isLink, encoded: Data(certificate.encoded))
    }
}

/// A CSCA's revocation list as the trust store keeps it.
package struct RevocationListFacts: Sendable, Codable, Equatable {
    package let encoded: Data
    package let issuer: String
    /// The issuer's name key: the CSCA whose subject it is.
    package let issuerKey: String
    package let thisUpdate: Date
    package let nextUpdate: Date?
    package let revokedCount: Int

    init(_ list: RevocationList) {
        encoded = Data(list.encoded)
        issuer = list.issuer.text
        issuerKey = list.issuer.key
        thisUpdate = list.thisUpdate
        nextUpdate = list.nextUpdate
        revokedCount = list.revokedSerials.count
    }
}

/// Why an import was refused as a whole: a closed list, worded for the operator.
package enum TrustImportRefusal: String, Error, Sendable, Codable, CustomStringConvertible {
    case empty
    case unrecognised
    case masterListWithoutAnchor = "master_list_without_anchor"
    case masterListSigners = "master_list_signers"
    case masterListSignerMissing = "master_list_signer_missing"
    case masterListSignatureInvalid = "master_list_signature_invalid"
    case masterListSignerNotIssuedByAnchor = "master_list_signer_not_issued_by_anchor"
    case masterListSignerExpired = "master_list_signer_expired"

    package var description: String {
        switch self {
        case .empty: "The file holds nothing."
        case .unrecognised: "The file is not a CSCA master list, a certificate or a revocation list (DER or PEM)."
        case .masterListWithoutAnchor: "A master list is imported with the CSCA its signer chains to: name it (--signer-csca), or trust it first."
        case .masterListSigners: "The master list does not have exactly one signer."
        case .masterListSignerMissing: "The master list does not carry its signer's certificate."
        case .masterListSignatureInvalid: "The master list's signature does not verify with its signer's key: it was altered or is not what it claims."
        case .masterListSignerNotIssuedByAnchor: "The master list's signer was not issued by the CSCA named for it."
        case .masterListSignerExpired: "The master list's signer was not valid when the list was signed."
        }
    }
}

/// PEM's "-----BEGIN …-----" blocks, decoded; nil when the bytes are not PEM.
enum PEM {
    static func derBlocks(_ bytes: [UInt8]) -> [[UInt8]]? {
        guard let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN ") else { return nil }
        var blocks: [[UInt8]] = []
        var body: String?
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("-----BEGIN ") {
                body = ""
            } else if line.hasPrefix("-----END ") {
                if let encoded = body, let data = Data(base64Encoded: encoded) { blocks.append([UInt8](data)) }
                body = nil
            } else if body != nil {
                body! += line.trimmingCharacters(in: .whitespaces)
            }
        }
        return blocks
    }
}
