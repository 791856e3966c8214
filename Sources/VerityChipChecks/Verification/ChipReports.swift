import Foundation
import VerityChip
import VerityCore
import VerityVision

/// The wire's `ChipReport` from what the engines found: the findings' own
/// reasons, then the MRZ's and the face's, which need the printed document,
/// the person and the selfie the server holds.
package enum ChipReports {
    package static func report(_ findings: ChipFindings, selfie: ChipReport.FaceMatch? = nil, portrait: ChipReport.FaceMatch? = nil,
                               reported: ChipReport.ReportedProtocols? = nil, mrz: ChipReport.MRZComparison? = nil) -> ChipReport {
        var reasons = findings.reasons
        if let mrz, mrz.matchesPrinted == false || mrz.matchesPerson == false { reasons.append(.mrzMismatch) }
        if selfie?.match == false || portrait?.match == false { reasons.append(.faceMismatch) }
        let face = findings.faces.first.map {
            ChipReport.FaceComparison(format: $0.format, selfie: selfie, printedPortrait: portrait)
        }
        let revocation: ChipReport.Revocation = switch findings.revocation {
        case .noList: ChipReport.Revocation(checked: false, revoked: false, listIssuedAtEpochMs: nil, nextUpdateEpochMs: nil)
        case .checked(let issued, let next, let revoked):
            ChipReport.Revocation(checked: true, revoked: revoked, listIssuedAtEpochMs: milliseconds(issued), nextUpdateEpochMs: next.map(milliseconds))
        }
        return ChipReport(
            authentic: findings.isAuthentic && reasons.isEmpty, reasons: reasons,
            securityObject: ChipReport.SecurityObject(
                readable: !findings.securityObjectUnreadable, signatureValid: findings.signatureValid, hashAlgorithm: findings.hashAlgorithm,
                signatureAlgorithm: findings.signatureAlgorithm, ldsVersion: findings.ldsVersion),
            documentSigner: findings.documentSigner.map(certificate), csca: findings.issuer.map(certificate), chain: findings.chain.rawValue,
            revocation: revocation, dataGroups: findings.dataGroups.map { ChipReport.DataGroup(number: $0.number, status: $0.status.rawValue) },
            activeAuthentication: findings.activeAuthentication.rawValue, reportedByApp: reported, mrz: mrz, face: face,
            unreadableFiles: findings.unreadableFiles)
    }

    private static func certificate(_ facts: CertificateFacts) -> ChipReport.Certificate {
        ChipReport.Certificate(subject: facts.subject, issuer: facts.issuer, country: facts.country, serialNumber: facts.serialNumber,
                               key: facts.key, notBeforeEpochMs: milliseconds(facts.notBefore), notAfterEpochMs: milliseconds(facts.notAfter),
                               fingerprint: facts.fingerprint)
    }

    package static func match(_ comparison: FaceComparison) -> ChipReport.FaceMatch {
        ChipReport.FaceMatch(match: comparison.match, distance: comparison.distance, threshold: comparison.threshold)
    }

    /// A distance from the selfie task; nil where a face was missing.
    package static func match(_ distance: Double?, threshold: Double) -> ChipReport.FaceMatch {
        ChipReport.FaceMatch(match: distance.map { $0 <= threshold }, distance: distance, threshold: threshold)
    }

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
