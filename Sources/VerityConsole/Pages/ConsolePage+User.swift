import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel

extension ConsolePage {
    /// A user found by reference: where they stand in each environment that
    /// knows them, their history, and (for reviewers) what can be done.
    func users(_ signedIn: Operator, ref: String, files: [ConsoleUsers.File]?, problem: String?, notice: String?) -> HTML {
        let status = noticeLine(notice)
        var body = HTML.empty
        if let files {
            body = files.isEmpty
                ? "<p role=\"status\">\(t("users_none"))</p>"
                : files.map { userFile(signedIn, $0) }.joined(separator: "\n")
        }
        return layout(title: t("users_title"), signedIn: signedIn, path: ConsoleRoute.users.path,
                      keeping: ref.isEmpty ? [] : [URLQueryItem(name: "ref", value: ref)], """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("users_title"))</h1>
            <p class="lede">\(t("users_lede"))</p>
            \(status)
            \(problemBox(problem))
            <form method="get" action="\(ConsoleRoute.users.path)" class="search">
            <input type="hidden" name="lang" value="\(language)">
            <label for="ref">\(t("users_ref"))</label>
            <div class="search-row">
            <input id="ref" name="ref" type="text" maxlength="\(AdminRoute.maxUserRefLength)" autocomplete="off" spellcheck="false" value="\(ref)" required>
            <button type="submit" class="primary">\(t("users_find"))</button>
            </div>
            </form>
            \(body)
            </section>
            """)
    }

    private func userFile(_ signedIn: Operator, _ file: ConsoleUsers.File) -> HTML {
        let id = file.environment.rawValue
        let identity = file.identity
        let consent: HTML = if let withdrawn = file.consentWithdrawnAt, file.consentedAt != nil, !identity.consented {
            HTML.filling(t("u_consent_withdrawn"), Self.time(withdrawn))
        } else if let given = file.consentedAt {
            HTML.filling(t("u_consent_given"), Self.time(given))
        } else {
            .text(t("u_consent_never"))
        }
        let lock: HTML = file.lockedAt.map { HTML.filling(t("u_locked"), Self.time($0)) } ?? .text(t("u_unlocked"))
        let lastAttempt: HTML = identity.verificationLastAttemptedAtEpochMs > 0 ? Self.time(identity.verificationLastAttemptedAtEpochMs) : "—"
        let facts: HTML = """
            <dl class="facts">
            <dt>\(t("u_verified"))</dt><dd class="\(identity.verified ? "good" : "")">\(t(identity.verified ? "yes" : "no"))</dd>
            <dt>\(t("u_method"))</dt><dd>\(t("method_\(identity.verificationMethod.rawValue)"))</dd>
            <dt>\(t("u_required"))</dt><dd>\(t("method_\(identity.requiredVerificationMethod.rawValue)"))</dd>
            <dt>\(t("u_attempts"))</dt><dd>\(identity.attemptsRemaining)</dd>
            <dt>\(t("u_last_attempt"))</dt><dd>\(lastAttempt)</dd>
            <dt>\(t("u_document"))</dt><dd><code>\(identity.documentVerificationStatus.rawValue)</code></dd>
            <dt>\(t("u_consent"))</dt><dd>\(consent)</dd>
            <dt>\(t("u_lock"))</dt><dd class="\(file.lockedAt == nil ? "" : "bad")">\(lock)</dd>
            <dt>\(t("u_known_since"))</dt><dd>\(Self.time(file.createdAt))</dd>
            </dl>
            """
        let attempts = file.attempts.map { attempt -> HTML in
            "<tr><td class=\"time\">\(Self.time(attempt.attemptedAt))</td><td><code>\(attempt.source)</code></td><td><code>\(attempt.outcome.rawValue)</code></td></tr>"
        }.joined()
        let consents = file.consentEvents.map { event -> HTML in
            "<tr><td class=\"time\">\(Self.time(event.at))</td><td><code>\(event.action)</code></td><td>\(event.locale ?? "—")</td></tr>"
        }.joined()
        let checks = file.checks.map { check -> HTML in
            let reviewCase = check.id.flatMap { file.cases[$0] }
            let link: HTML = reviewCase.flatMap { $0.id }.map {
                "<a href=\"\(ConsoleCaseRoute.show(id: $0.uuidString).path)?lang=\(language)\">\(t("open_case_of_check"))</a>"
            } ?? "—"
            return """
                <tr><td class="time">\(Self.time(check.createdAt))</td><td>\(t("doc_\(check.documentType)")) · \(check.country)</td>\
                <td><code>\(check.status.rawValue)</code></td><td>\((check.reasons ?? "").replacingOccurrences(of: ",", with: ", "))</td><td>\(link)</td></tr>
                """
        }.joined()
        let certification = file.certification.map { registration -> HTML in
            let certificates = registration.certificates.map { certificate -> HTML in
                HTML.filling(t("certificate_line"), "\(certificate.level)", .text(certificate.status.rawValue), .text(certificate.serial ?? "—"))
            }.joined(separator: "<br>")
            return """
                <tr><td>\(registration.entityDisplayName) (<code>\(registration.entity)</code>)</td>\
                <td><code>\(registration.status.rawValue)</code></td><td>\(registration.accreditedLevel.map(String.init) ?? "—")</td>\
                <td>\(certificates.isEmpty ? "—" : certificates)</td></tr>
                """
        }.joined()
        func history(_ title: String, _ caption: String, _ headers: [String], _ rows: HTML) -> HTML {
            let content: HTML = rows.isEmpty ? "<p>\(t("none_yet"))</p>" : table(caption, headers, rows)
            return "<h3>\(title)</h3>\(content)"
        }
        return """
            <section class="case-section" aria-labelledby="user-\(id)">
            <h2 id="user-\(id)">\(t("users_environment_\(id)"))</h2>
            <h3 class="visually-hidden">\(t("users_status"))</h3>
            \(facts)
            \(history(t("attempts_title"), t("attempts_caption"), [t("col_time"), t("col_source"), t("col_outcome")], attempts))
            \(history(t("consent_title"), t("consent_caption"), [t("col_time"), t("col_action"), t("col_locale")], consents))
            \(history(t("checks_title"), t("checks_caption"), [t("col_submitted"), t("col_document"), t("col_status"), t("col_reasons"), t("col_case")], checks))
            \(history(t("certification_title"), t("certification_caption"), [t("col_entity"), t("col_status"), t("col_level"), t("col_certificates")], certification))
            \(userActions(signedIn, file))
            </section>
            """
    }

    /// One small form per action, each posting the user, the environment and a note.
    private func userActions(_ signedIn: Operator, _ file: ConsoleUsers.File) -> HTML {
        guard signedIn.role.includes(.reviewer) else { return .empty }
        let env = file.environment.rawValue
        var forms: [HTML] = []
        func form(_ action: ConsoleUserActions.Action, label: HTML, help: String, entity: String? = nil, danger: Bool = false) -> HTML {
            let key = "\(env)-\(action.rawValue)\(entity.map { "-\($0)" } ?? "")"
            let confirm: HTML = action.needsConfirmation ? """
                <div class="check"><input type="checkbox" id="\(key)-confirm" name="confirm" value="yes" required>\
                <label for="\(key)-confirm">\(t("confirm_label"))</label></div>
                """ : .empty
            return """
                <form method="post" action="\(ConsoleRoute.userActions.path)?lang=\(language)" class="\(danger ? "reject" : "approve")" aria-labelledby="\(key)-title">
                <h4 id="\(key)-title">\(label)</h4>
                <p class="help">\(help)</p>
                <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
                <input type="hidden" name="action" value="\(action.rawValue)">
                <input type="hidden" name="environment" value="\(env)">
                <input type="hidden" name="ref" value="\(file.userRef)">
                \(entity.map { entity -> HTML in "<input type=\"hidden\" name=\"entity\" value=\"\(entity)\">" } ?? .empty)
                <label for="\(key)-note">\(t("note_label"))</label>
                <textarea id="\(key)-note" name="note" maxlength="\(ReviewNote.maximumLength)"></textarea>
                \(confirm)
                <button type="submit" class="\(danger ? "danger" : "primary")">\(label)</button>
                </form>
                """
        }
        forms.append(form(.reset, label: .text(t("action_reset")), help: t("action_reset_help"), danger: true))
        if file.identity.requiredVerificationMethod == .governmentID {
            forms.append(form(.clearRequiredMethod, label: .text(t("action_clear_required_method")), help: t("action_clear_required_method_help")))
        } else {
            forms.append(form(.requireGovernmentID, label: .text(t("action_require_government_id")), help: t("action_require_government_id_help")))
        }
        if file.lockedAt != nil { forms.append(form(.unlock, label: .text(t("action_unlock")), help: t("action_unlock_help"))) }
        for registration in file.certification where registration.status == .certified || registration.status == .certificatePending {
            forms.append(form(.uncertify, label: HTML.filling(t("action_uncertify"), .text(registration.entityDisplayName)),
                              help: t("action_uncertify_help"), entity: registration.entity, danger: true))
        }
        return "<h3>\(t("actions_title"))</h3><p class=\"lede\">\(t("actions_lede"))</p><div class=\"decide\">\(forms)</div>"
    }
}
