import Foundation
import VerityCore

/// The CSCAs and revocation lists a verification may chain to, read.
struct ChipTrustStore: Sendable {
    let certificates: [ChipCertificate]
    let revocationLists: [RevocationList]

    /// What cannot be read is left out: the store's import read every entry once.
    init(_ trust: ChipTrust) {
        certificates = trust.certificates.compactMap { try? ChipCertificate(encoded: [UInt8]($0)) }
        revocationLists = trust.revocationLists.compactMap { try? RevocationList(encoded: [UInt8]($0)) }
    }

    init(certificates: [ChipCertificate], revocationLists: [RevocationList] = []) {
        self.certificates = certificates
        self.revocationLists = revocationLists
    }

    /// The trusted certificates that may have issued `certificate`: its
    /// issuer's name, and its authority key identifier when both sides give one.
    func issuers(of certificate: ChipCertificate) -> [ChipCertificate] {
        certificates.filter { certificate.mayBeIssued(by: $0) }
    }

    /// The newest list `issuer` signed, if any.
    func revocationList(of issuer: ChipCertificate) -> RevocationList? {
        revocationLists.filter { $0.issuer.means(issuer.subject) && $0.isSigned(by: issuer) }.max { $0.thisUpdate < $1.thisUpdate }
    }
}
