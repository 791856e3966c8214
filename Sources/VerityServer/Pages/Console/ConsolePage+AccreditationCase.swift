import Foundation
import VerityAPI
import VerityCore

extension ConsolePage {
    /// An accreditation request's file: the level asked of which entity, what
    /// the user holds already, and the identity evidence on file.
    func accreditationEvidence(_ file: ConsoleCases.File, _ request: ConsoleCases.AccreditationFile) -> [String] {
        var facts = """
            <dt>\(t("acc_entity"))</dt><dd>\(Self.escape(request.entity)) (<code>\(Self.escape(request.entityName))</code>)</dd>
            <dt>\(t("acc_level"))</dt><dd>\(request.level)</dd>
            <dt>\(t("acc_status"))</dt><dd>\(t("acc_status_\(request.status)"))</dd>
            <dt>\(t("acc_requested"))</dt><dd>\(Self.time(request.requestedAt))</dd>
            <dt>\(t("acc_current"))</dt><dd>\(request.accreditedLevel.map(String.init) ?? t("none"))</dd>
            <dt>\(t("acc_certification"))</dt><dd><code>\(Self.escape(request.certification))</code></dd>
            <dt>\(t("acc_registered"))</dt><dd>\(Self.time(request.registeredAt))</dd>
            """
        let stated: String = request.evidenceKind.map { kind in
            "\(t("evidence_\(kind)")) · <code>\(Self.escape(request.evidenceReference ?? ""))</code>"
        } ?? t("none")
        facts += "<dt>\(t("acc_evidence"))</dt><dd>\(stated)</dd>"
        let check: String = request.documentCheck.map { check in
            "<span class=\"\(check.status == "succeeded" ? "good" : "bad")\">\(Self.escape(check.status))</span> · "
                + "\(t("doc_\(check.type)")) · \(Self.escape(check.country)) · \(Self.time(check.at))"
        } ?? t("none")
        facts += "<dt>\(t("acc_document_check"))</dt><dd>\(check)</dd>"
        let need = request.needsIdentityCheck ? t("acc_needs_evidence") : t("acc_no_evidence_needed")
        return [section("request", t("acc_title"), "<dl class=\"facts\">\(facts)</dl><p>\(need)</p>")]
    }

    /// The activation code an approval issued, shown once: it is not kept in
    /// a form the console can show again.
    func activationCodeIssued(_ signedIn: Operator, caseID: UUID, issued: ActivationCodeIssued) -> String {
        let path = ConsoleCaseRoute.show(id: caseID.uuidString).path
        let delivered: String = issued.deliveredBy.map { t("diac_delivered_\($0)") } ?? t("diac_not_delivered")
        return layout(title: t("diac_title"), signedIn: signedIn, path: path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("diac_title"))</h1>
            <p class="notice" role="status">\(t("notice_decided"))</p>
            <p>\(t("diac_lede").replacingOccurrences(of: "%@", with: String(issued.level)))</p>
            <p class="diac"><code>\(Self.escape(issued.diac))</code></p>
            <dl class="facts">
            <dt>\(t("diac_expires"))</dt><dd>\(Self.time(issued.expiresAtEpochMs))</dd>
            <dt>\(t("diac_delivery"))</dt><dd>\(delivered)</dd>
            </dl>
            <p><a href="\(ConsoleRoute.queue.path)?lang=\(language)">\(t("back_to_queue"))</a></p>
            </section>
            """)
    }

    /// How an approval's code reaches the user (the approve form's extra field).
    func deliveryChoice() -> String {
        """
        <label for="approve-delivery">\(t("diac_delivery_label"))</label>
        <select id="approve-delivery" name="delivery">\
        <option value="sms">\(t("diac_by_sms"))</option><option value="email">\(t("diac_by_email"))</option></select>
        """
    }
}
