import Foundation
import VerityCore

/// What an operator hands Verity to trust, read and checked: a CSCA master
/// list (its signature verified to a CSCA the operator names), a single CSCA
/// or link certificate, or a CSCA's revocation list. DER or PEM.
enum TrustImport {
    /// One certificate of an import and what became of it.
    struct Entry: Sendable, Codable, Equatable {
        enum Outcome: String, Sendable, Codable {
            case accepted
            /// The same certificate appears earlier in the import.
            case duplicate
            /// Not taken; `reason` says why.
            case skipped
        }

        let outcome: Outcome
        let reason: String?
        let facts: CertificateFacts?
        /// A self-issued CSCA, or a link certificate (issued by the state's previous CSCA).
        let isLink: Bool
        /// The certificate as encoded, for the trust store; nil when skipped.
        let encoded: Data?
    }

    struct Outcome: Sendable, Codable, Equatable {
        enum Kind: String, Sendable, Codable { case masterList = "master_list", certificate, revocationList = "revocation_list" }
        let kind: Kind
        let entries: [Entry]
        /// A revocation list as encoded, and its issuer, when the import was one.
        let revocationList: Data?
        let revocationListIssuer: String?
        /// The master list's signer, when the import was one.
        let signer: CertificateFacts?
    }

    /// Reads `bytes`; a master list needs `signerAnchors`, the CSCA(s) its
    /// signer chains to. Throws a format error for what is none of the three,
    /// and a refusal for a master list whose signature does not hold.
    static func read(_ bytes: [UInt8], signerAnchors: [[UInt8]]) throws(TrustImportRefusal) -> Outcome {
        let der = PEM.derBlocks(bytes) ?? [bytes]
        guard let first = der.first else { throw TrustImportRefusal("the file holds nothing") }
        if let list = try? MasterList(first) {
            return try masterList(list, anchors: signerAnchors)
        }
        if let crl = try? RevocationList(encoded: first) {
            return Outcome(
                kind: .revocationList, entries: [], revocationList: Data(crl.encoded), revocationListIssuer: crl.issuer.text, signer: nil)
        }
        var seen: Set<String> = []
        let entries = der.map { block in
            do {
                return entry(try ChipCertificate(encoded: block), seen: &seen, inList: [])
            } catch {
                return Entry(outcome: .skipped, reason: "\(error)", facts: nil, isLink: false, encoded: nil)
            }
        }
        guard entries.contains(where: { $0.facts != nil }) else {
            throw TrustImportRefusal("the file is not a master list, a certificate or a revocation list")
        }
        return Outcome(kind: .certificate, entries: entries, revocationList: nil, revocationListIssuer: nil, signer: nil)
    }

    private static func masterList(_ list: MasterList, anchors: [[UInt8]]) throws(TrustImportRefusal) -> Outcome {
        let anchorCertificates = anchors.compactMap { try? ChipCertificate(encoded: $0) }
        guard !anchorCertificates.isEmpty else {
            throw TrustImportRefusal("a master list is imported with the CSCA its signer chains to (--signer-csca)")
        }
        let verification = list.verification(against: anchorCertificates)
        if let failure = verification.failure { throw TrustImportRefusal("the master list is refused: \(failure)") }
        let certificates = list.entries.compactMap { if case .certificate(let certificate) = $0 { certificate } else { nil } }
        var seen: Set<String> = []
        let entries = list.entries.map { item in
            switch item {
            case .certificate(let certificate): entry(certificate, seen: &seen, inList: certificates)
            case .unreadable(let reason): Entry(outcome: .skipped, reason: reason, facts: nil, isLink: false, encoded: nil)
            }
        }
        return Outcome(
            kind: .masterList, entries: entries, revocationList: nil, revocationListIssuer: nil,
            signer: verification.signer.map(CertificateFacts.init))
    }

    /// A CSCA must be a certificate authority and its self-signature (or, for
    /// a link certificate, its issuer's signature when the list holds the
    /// issuer) must verify; an expired CSCA is kept, since passports it
    /// vouched for while valid still chain to it.
    private static func entry(_ certificate: ChipCertificate, seen: inout Set<String>, inList list: [ChipCertificate]) -> Entry {
        let facts = CertificateFacts(certificate)
        let isLink = !certificate.isSelfSigned
        func skipped(_ outcome: Entry.Outcome, _ reason: String) -> Entry {
            Entry(outcome: outcome, reason: reason, facts: facts, isLink: isLink, encoded: nil)
        }
        guard seen.insert(certificate.fingerprint).inserted else { return skipped(.duplicate, "the same certificate appears earlier") }
        if certificate.isCertificateAuthority == false { return skipped(.skipped, "not a certificate authority (basicConstraints)") }
        if !isLink, !certificate.isSigned(by: certificate) { return skipped(.skipped, "its self-signature does not verify") }
        let issuers = list.filter { certificate.mayBeIssued(by: $0) && $0.fingerprint != certificate.fingerprint }
        if isLink, !issuers.isEmpty, !issuers.contains(where: { certificate.isSigned(by: $0) }) {
            return skipped(.skipped, "its issuer's signature does not verify")
        }
        return Entry(outcome: .accepted, reason: nil, facts: facts, isLink: isLink, encoded: Data(certificate.encoded))
    }
}

/// Why an import was refused as a whole, in words for the operator.
struct TrustImportRefusal: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
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
