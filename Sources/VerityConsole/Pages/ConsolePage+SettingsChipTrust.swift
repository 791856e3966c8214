import Foundation
import VerityAPI
import VerityKernel
import VerityPages

extension ConsolePage {
    /// The tenant's chip trust: an import's outcome on top (every certificate
    /// accounted for), the form, then what is trusted and the revocation lists.
    func settingsChipTrust(_ signedIn: Operator, view: ChipTrustView, imported: ChipTrustImportResult?, problem: String?) -> HTML {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let certificateRows = view.certificates.sorted { ($0.country ?? "", $0.notAfterEpochMs) < ($1.country ?? "", $1.notAfterEpochMs) }
            .map { certificate -> HTML in
                let expired: HTML = certificate.notAfterEpochMs < now ? " <span class=\"bad\">(\(t("chip_trust_expired")))</span>" : .empty
                return """
                    <tr><td>\(certificate.country ?? "—")</td><td><bdi>\(certificate.subject)</bdi></td>\
                    <td>\(t(certificate.isLink ? "chip_trust_link" : "chip_trust_csca"))</td><td>\(certificate.key)</td>\
                    <td class="time">\(Self.time(certificate.notAfterEpochMs))\(expired)</td><td><bdi>\(certificate.source)</bdi></td></tr>
                    """
            }.joined()
        let certificates: HTML = view.certificates.isEmpty ? "<p>\(t("chip_trust_none"))</p>"
            : table(t("chip_trust_certificates_caption"), [t("col_country"), t("col_subject"), t("col_kind"), t("col_key"), t("col_valid_until"),
                                                           t("col_source")], certificateRows)
        let listRows = view.revocationLists.map { list -> HTML in
            """
            <tr><td><bdi>\(list.issuer)</bdi></td><td class="time">\(Self.time(list.thisUpdateEpochMs))</td>\
            <td class="time">\(list.nextUpdateEpochMs.map(Self.time) ?? "—")</td><td>\(list.revokedCount)</td></tr>
            """
        }.joined()
        let lists: HTML = view.revocationLists.isEmpty ? "<p>\(t("chip_trust_no_lists"))</p>"
            : table(t("chip_trust_lists_caption"), [t("col_issuer"), t("col_issued"), t("col_next_update"), t("col_revoked")], listRows)
        return layout(title: t("chip_trust_title"), signedIn: signedIn, path: ConsoleRoute.settingsChipTrust.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("chip_trust_title"))</h1>
            <p class="lede">\(t("chip_trust_lede"))</p>
            \(settingsTabs(.settingsChipTrust, environment: nil))
            \(confirmation(signedIn, returningTo: ConsoleRoute.settingsChipTrust.path))
            \(problemBox(problem))
            \(imported.map(chipTrustImported) ?? .empty)
            \(chipTrustForm(signedIn))
            <h2>\(t("chip_trust_certificates"))</h2>
            \(certificates)
            <h2>\(t("chip_trust_lists"))</h2>
            \(lists)
            </section>
            """)
    }

    /// What an import did, announced when the page loads: the counts, the signer, and each skipped certificate with why.
    private func chipTrustImported(_ imported: ChipTrustImportResult) -> HTML {
        if let list = imported.revocationList {
            return "<p class=\"notice\" role=\"status\">\(HTML.filling(t("chip_trust_imported_crl"), .text(list.issuer), "\(list.revokedCount)"))</p>"
        }
        var summary = HTML.filling(t("chip_trust_imported"), .text(t("chip_kind_\(imported.kind)")), "\(imported.certificates)", "\(imported.added)",
                                   "\(imported.alreadyTrusted)", "\(imported.duplicates)", "\(imported.skipped.count)")
        if let signer = imported.signer { summary = "\(summary) \(HTML.filling(t("chip_trust_signed_by"), .text(signer)))" }
        let rows = imported.skipped.map { skipped -> HTML in
            "<tr><td>\(skipped.country ?? "—")</td><td><bdi>\(skipped.subject ?? "—")</bdi></td><td>\(t("chip_skip_\(skipped.reason)"))</td></tr>"
        }.joined()
        let skipped: HTML = imported.skipped.isEmpty ? .empty
            : table(t("chip_trust_skipped_caption"), [t("col_country"), t("col_subject"), t("col_reason")], rows)
        return "<div class=\"notice\" role=\"status\"><p>\(summary)</p></div>\(skipped)"
    }

    private func chipTrustForm(_ signedIn: Operator) -> HTML {
        """
        <form method="post" action="\(ConsoleRoute.settingsChipTrustImport.path)?lang=\(language)" enctype="multipart/form-data" class="settings" aria-labelledby="chip-import">
        <h2 id="chip-import">\(t("chip_trust_import"))</h2>
        <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
        <label for="chip-file">\(t("chip_trust_file"))</label>
        <input id="chip-file" name="file" type="file" accept=".ml,.cer,.der,.crt,.pem,.crl" required>
        <label for="chip-signer">\(t("chip_trust_signer"))</label>
        <input id="chip-signer" name="signer" type="file" accept=".cer,.der,.crt,.pem" aria-describedby="chip-signer-help">
        <p id="chip-signer-help" class="help">\(t("chip_trust_signer_help"))</p>
        <div class="check"><input type="checkbox" id="chip-from-store" name="signerFromTrustStore" value="yes">\
        <label for="chip-from-store">\(t("chip_trust_from_store"))</label></div>
        <label for="chip-reason">\(t("set_reason"))</label>
        <textarea id="chip-reason" name="reason" maxlength="\(ConsoleEnvironmentSettings.reasonLength)" required></textarea>
        <button type="submit" class="primary">\(t("chip_trust_import_button"))</button>
        </form>
        """
    }
}
