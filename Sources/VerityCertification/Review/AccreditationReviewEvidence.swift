import Foundation
import VerityAPI
import VerityKernel
import VerityPages

/// An accreditation request: what is asked, what the user has already, and
/// the identity evidence on file (never the registration's fields).
struct AccreditationReviewEvidence: ReviewEvidence {
    struct DocumentCheck: Sendable {
        let status: DocumentCheckStatus
        let type: DocumentType
        let country: String
        let at: Int64
    }

    let entity: String
    let entityName: String
    let level: Int
    let status: String
    let requestedAt: Int64
    let accreditedLevel: Int?
    let certification: String
    let registeredAt: Int64
    let evidenceKind: String?
    let evidenceReference: String?
    /// The user's latest document check in this environment.
    let documentCheck: DocumentCheck?
    /// Whether the level needs recorded identity evidence (3 and 4).
    let needsIdentityCheck: Bool

    var namesUser: Bool { true }

    func facts(_ page: ReviewPage) -> HTML { .empty }

    /// The level asked of which entity, what the user holds already, and the identity evidence on file.
    func sections(_ page: ReviewPage) -> [HTML] {
        let stated: HTML = evidenceKind.map { kind in
            "\(page.t("evidence_\(kind)")) · <code>\(evidenceReference ?? "")</code>"
        } ?? page.text("none")
        let check: HTML = documentCheck.map { check in
            "<span class=\"\(check.status == .succeeded ? "good" : "bad")\">\(check.status.rawValue)</span> · "
                + "\(page.t("doc_\(check.type.rawValue)")) · \(check.country) · \(ReviewPage.time(check.at))"
        } ?? page.text("none")
        let facts: HTML = """
            <dt>\(page.t("acc_entity"))</dt><dd>\(entity) (<code>\(entityName)</code>)</dd>
            <dt>\(page.t("acc_level"))</dt><dd>\(level)</dd>
            <dt>\(page.t("acc_status"))</dt><dd>\(page.t("acc_status_\(status)"))</dd>
            <dt>\(page.t("acc_requested"))</dt><dd>\(ReviewPage.time(requestedAt))</dd>
            <dt>\(page.t("acc_current"))</dt><dd>\(accreditedLevel.map(String.init) ?? page.t("none"))</dd>
            <dt>\(page.t("acc_certification"))</dt><dd><code>\(certification)</code></dd>
            <dt>\(page.t("acc_registered"))</dt><dd>\(ReviewPage.time(registeredAt))</dd>
            <dt>\(page.t("acc_evidence"))</dt><dd>\(stated)</dd>
            <dt>\(page.t("acc_document_check"))</dt><dd>\(check)</dd>
            """
        let need = page.t(needsIdentityCheck ? "acc_needs_evidence" : "acc_no_evidence_needed")
        return [page.section("request", page.t("acc_title"), page.facts(facts) + "<p>\(need)</p>")]
    }
}

/// The activation code an approval issued, shown once: it is not kept in a
/// form the console can show again.
struct ActivationCodeShownOnce: ReviewShownOnce {
    let issued: ActivationCodeIssued

    var titleKey: String { "diac_title" }

    func body(_ page: ReviewPage) -> HTML {
        let delivered = issued.deliveredBy.map { page.t("diac_delivered_\($0)") } ?? page.t("diac_not_delivered")
        return """
            <p>\(page.t("diac_lede").replacingOccurrences(of: "%@", with: String(issued.level)))</p>
            <p class="diac"><code>\(issued.diac)</code></p>
            <dl class="facts">
            <dt>\(page.t("diac_expires"))</dt><dd>\(ReviewPage.time(issued.expiresAtEpochMs))</dd>
            <dt>\(page.t("diac_delivery"))</dt><dd>\(delivered)</dd>
            </dl>
            """
    }
}
