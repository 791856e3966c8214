import Fluent
import Foundation
import VerityChip
import VerityCore
import VerityEnginePool
import VerityEngines
import VerityStore

/// A check's chip, verified: the Document Signer's issuer looked up in the
/// tenant's trust store, passive and active authentication and DG2's face in
/// the engines' sandbox, then DG1's MRZ against the printed one and the person.
package struct ChipVerification: Sendable {
    let engines: DocumentEngines

    package init(engines: DocumentEngines) {
        self.engines = engines
    }

    /// The check's pictures. `matched`: the selfie task's evidence, which
    /// holds DG2's distances when the check had a selfie (matched there, on the
    /// same embeddings); without a selfie the chip task matches DG2 to the page.
    package struct Pictures: Sendable {
        let selfie: [UInt8]?
        let page: [UInt8]
        let threshold: Double
        let matched: SelfieEvidence?

        package init(selfie: [UInt8]?, page: [UInt8], threshold: Double, matched: SelfieEvidence? = nil) {
            (self.selfie, self.page, self.threshold, self.matched) = (selfie, page, threshold, matched)
        }
    }

    /// The chip section of the check's report, and DG2's face as a PNG for a
    /// reviewer when `forReviewer` (a check that may be held for one).
    package func verify(_ submission: ChipSubmission, tenantID: UUID, db: any Database, pictures: Pictures, printed: MRZResult?,
                        person: IdentityClaim?, today: CalendarDate, forReviewer: Bool) async throws -> (report: ChipReport, facePNG: Data?) {
        var trust = ChipTrust()
        if let sod = submission.evidence.files[.sod], let reference = try await engines.chipSigner(sod: [UInt8](sod)) {
            let repository = ChipTrustRepository(db: db)
            trust = ChipTrust(
                certificates: try await repository.anchors(tenantID: tenantID, issuerKey: reference.issuerKey,
                                                           keyIdentifier: reference.authorityKeyIdentifier),
                revocationLists: try await repository.revocationLists(tenantID: tenantID, issuerKey: reference.issuerKey))
        }
        let matchedThere = pictures.matched?.chipFaceFound != nil
        let checked = try await engines.chip(ChipCheckTask(
            evidence: submission.evidence, trust: trust, selfie: nil, documentPage: matchedThere ? nil : Data(pictures.page),
            threshold: pictures.threshold, facePicture: forReviewer))
        let mrz = Self.compare(lines: checked.findings.mrzLines, printed: printed, person: person, today: today)
        var selfie = checked.selfie.map(ChipReports.match), portrait = checked.portrait.map(ChipReports.match)
        if let matched = pictures.matched, let found = matched.chipFaceFound {
            selfie = ChipReports.match(found ? matched.chipToSelfieDistance : nil, threshold: matched.threshold)
            portrait = ChipReports.match(found ? matched.chipToPortraitDistance : nil, threshold: matched.threshold)
        }
        let report = ChipReports.report(checked.findings, selfie: selfie, portrait: portrait, reported: submission.reported, mrz: mrz)
        return (report, checked.facePNG)
    }

    /// DG1's MRZ parsed as the printed one is, then compared; nil without DG1.
    static func compare(lines: [String]?, printed: MRZResult?, person: IdentityClaim?, today: CalendarDate) -> ChipReport.MRZComparison? {
        guard let lines else { return nil }
        guard let chip = try? MRZParser(today: today).parse(lines) else {
            return ChipReport.MRZComparison(matchesPrinted: printed == nil ? nil : false, matchesPerson: person == nil ? nil : false,
                                            mismatchedFields: ["mrz"])
        }
        let fromPage = printed.map { ChipMRZComparison.printed($0, chip: chip) }
        let fromPerson = person.map { ChipMRZComparison.person($0, chip: chip) }
        return ChipReport.MRZComparison(
            matchesPrinted: fromPage.map(\.isEmpty), matchesPerson: fromPerson.map(\.isEmpty),
            mismatchedFields: Array(Set((fromPage ?? []) + (fromPerson ?? []))).sorted())
    }
}
