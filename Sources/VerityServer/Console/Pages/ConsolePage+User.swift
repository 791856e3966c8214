import Foundation
import VerityAPI
import VerityCore
import VerityStore

extension ConsolePage {
    /// A user found by reference: where they stand in each environment that
    /// knows them, their history, and (for reviewers) what can be done.
    func users(_ signedIn: Operator, ref: String, files: [ConsoleUsers.File]?, problem: String?, notice: String?) -> String {
        let status: String = notice.map { "<p class=\"notice\" role=\"status\">\(Self.escape($0))</p>" } ?? ""
        var body = ""
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
            <input id="ref" name="ref" type="text" maxlength="\(AdminRoute.maxUserRefLength)" autocomplete="off" spellcheck="false" value="\(Self.escape(ref))" required>
            <button type="submit" class="primary">\(t("users_find"))</button>
            </div>
            </form>
            \(body)
            </section>
            """)
    }

    private func userFile(_ signedIn: Operator, _ file: ConsoleUsers.File) -> String {
        let id = file.environment.rawValue
        let identity = file.identity
        let consent: String = if let withdrawn = file.consentWithdrawnAt, file.consentedAt != nil, !identity.consented {
            t("u_consent_withdrawn").replacingOccurrences(of: "%@", with: Self.time(withdrawn))
        } else if let given = file.consentedAt {
            t("u_consent_given").replacingOccurrences(of: "%@", with: Self.time(given))
        } else {
            t("u_consent_never")
        }
        let lock: String = file.lockedAt.map { t("u_locked").replacingOccurrences(of: "%@", with: Self.time($0)) } ?? t("u_unlocked")
        let lastAttempt = identity.verificationLastAttemptedAtEpochMs > 0 ? Self.time(identity.verificationLastAttemptedAtEpochMs) : "—"
        let facts = """
            <dl class="facts">
            <dt>\(t("u_verified"))</dt><dd class="\(identity.verified ? "good" : "")">\(t(identity.verified ? "yes" : "no"))</dd>
            <dt>\(t("u_method"))</dt><dd>\(t("method_\(identity.verificationMethod.rawValue)"))</dd>
            <dt>\(t("u_required"))</dt><dd>\(t("method_\(identity.requiredVerificationMethod.rawValue)"))</dd>
            <dt>\(t("u_attempts"))</dt><dd>\(identity.attemptsRemaining)</dd>
            <dt>\(t("u_last_attempt"))</dt><dd>\(lastAttempt)</dd>
            <dt>\(t("u_document"))</dt><dd><code>\(Self.escape(identity.documentVerificationStatus.rawValue))</code></dd>
            <dt>\(t("u_consent"))</dt><dd>\(consent)</dd>
            <dt>\(t("u_lock"))</dt><dd class="\(file.lockedAt == nil ? "" : "bad")">\(lock)</dd>
            <dt>\(t("u_known_since"))</dt><dd>\(Self.time(file.createdAt))</dd>
            </dl>
            """
        let attempts = file.attempts.map { attempt -> String in
            "<tr><td class=\"time\">\(Self.time(attempt.attemptedAt))</td><td><code>\(Self.escape(attempt.source))</code></td><td><code>\(Self.escape(attempt.outcome.rawValue))</code></td></tr>"
        }.joined()
        let consents = file.consentEvents.map { event -> String in
            "<tr><td class=\"time\">\(Self.time(event.at))</td><td><code>\(Self.escape(event.action))</code></td><td>\(Self.escape(event.locale ?? "—"))</td></tr>"
        }.joined()
        let checks = file.checks.map { check -> String in
            let reviewCase = check.id.flatMap { file.cases[$0] }
            let link: String = reviewCase.flatMap { $0.id }.map {
                "<a href=\"\(ConsoleCaseRoute.show(id: $0.uuidString).path)?lang=\(language)\">\(t("open_case_of_check"))</a>"
            } ?? "—"
            return """
                <tr><td class="time">\(Self.time(check.createdAt))</td><td>\(t("doc_\(check.documentType)")) · \(Self.escape(check.country))</td>\
                <td><code>\(Self.escape(check.status.rawValue))</code></td><td>\(Self.escape((check.reasons ?? "").replacingOccurrences(of: ",", with: ", ")))</td><td>\(link)</td></tr>
                """
        }.joined()
        let certification = file.certification.map { registration -> String in
            let certificates = registration.certificates.map { certificate -> String in
                t("certificate_line").replacingOccurrences(of: "%1", with: "\(certificate.level)")
                    .replacingOccurrences(of: "%2", with: certificate.status.rawValue)
                    .replacingOccurrences(of: "%3", with: Self.escape(certificate.serial ?? "—"))
            }.joined(separator: "<br>")
            return """
                <tr><td>\(Self.escape(registration.entityDisplayName)) (<code>\(Self.escape(registration.entity))</code>)</td>\
                <td><code>\(registration.status.rawValue)</code></td><td>\(registration.accreditedLevel.map(String.init) ?? "—")</td>\
                <td>\(certificates.isEmpty ? "—" : certificates)</td></tr>
                """
        }.joined()
        func history(_ title: String, _ caption: String, _ headers: [String], _ rows: String) -> String {
            let content: String = rows.isEmpty ? "<p>\(t("none_yet"))</p>" : table(caption, headers, rows)
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
    private func userActions(_ signedIn: Operator, _ file: ConsoleUsers.File) -> String {
        guard signedIn.role.includes(.reviewer) else { return "" }
        let env = file.environment.rawValue
        var forms: [String] = []
        func form(_ action: ConsoleUserActions.Action, label: String, help: String, entity: String? = nil, danger: Bool = false) -> String {
            let key = "\(env)-\(action.rawValue)\(entity.map { "-\($0)" } ?? "")"
            let confirm: String = action.needsConfirmation ? """
                <div class="check"><input type="checkbox" id="\(key)-confirm" name="confirm" value="yes" required>\
                <label for="\(key)-confirm">\(t("confirm_label"))</label></div>
                """ : ""
            return """
                <form method="post" action="\(ConsoleRoute.userActions.path)?lang=\(language)" class="\(danger ? "reject" : "approve")" aria-labelledby="\(key)-title">
                <h4 id="\(key)-title">\(label)</h4>
                <p class="help">\(help)</p>
                <input type="hidden" name="csrf" value="\(Self.escape(signedIn.csrfToken))">
                <input type="hidden" name="action" value="\(action.rawValue)">
                <input type="hidden" name="environment" value="\(env)">
                <input type="hidden" name="ref" value="\(Self.escape(file.userRef))">
                \(entity.map { "<input type=\"hidden\" name=\"entity\" value=\"\(Self.escape($0))\">" } ?? "")
                <label for="\(key)-note">\(t("note_label"))</label>
                <textarea id="\(key)-note" name="note" maxlength="\(ReviewNote.maximumLength)"></textarea>
                \(confirm)
                <button type="submit" class="\(danger ? "danger" : "primary")">\(label)</button>
                </form>
                """
        }
        forms.append(form(.reset, label: t("action_reset"), help: t("action_reset_help"), danger: true))
        if file.identity.requiredVerificationMethod == .governmentID {
            forms.append(form(.clearRequiredMethod, label: t("action_clear_required_method"), help: t("action_clear_required_method_help")))
        } else {
            forms.append(form(.requireGovernmentID, label: t("action_require_government_id"), help: t("action_require_government_id_help")))
        }
        if file.lockedAt != nil { forms.append(form(.unlock, label: t("action_unlock"), help: t("action_unlock_help"))) }
        for registration in file.certification where registration.status == .certified || registration.status == .certificatePending {
            forms.append(form(.uncertify, label: t("action_uncertify").replacingOccurrences(of: "%@", with: Self.escape(registration.entityDisplayName)),
                              help: t("action_uncertify_help"), entity: registration.entity, danger: true))
        }
        return "<h3>\(t("actions_title"))</h3><p class=\"lede\">\(t("actions_lede"))</p><div class=\"decide\">\(forms.joined())</div>"
    }
}
