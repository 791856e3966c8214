import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages

extension ConsolePage {
    /// The tenant's operators, a form to add one, and per operator the
    /// actions an admin may take. New credentials are shown once, on top.
    func settingsOperators(_ signedIn: Operator, operators: [OperatorView], shown: ConsoleOperators.Shown?, problem: String?,
                           notice: String?) -> HTML {
        let status = noticeLine(notice)
        let once: HTML = switch shown {
        case .password(let credentials)?:
            shownOnce(HTML.filling(t("ops_password_title"), .text(credentials.operator.email)), t("ops_password_lede"), credentials.password,
                      extra: credentials.totpURI.map { "<p>\(t("ops_totp_lede"))</p><p><code class=\"uri\">\($0)</code></p>" } ?? .empty)
        case .secondFactor(let reset)?:
            shownOnce(HTML.filling(t("ops_second_factor_title"), .text(reset.operator.email)), t("ops_second_factor_lede"), reset.totpURI)
        case nil: .empty
        }
        let rows = operators.map { account -> HTML in
            let id = account.id.uuidString
            func action(_ action: ConsoleOperators.Action, danger: Bool) -> HTML {
                """
                <form method="post" action="\(ConsoleRoute.settingsOperatorAction.path)?lang=\(language)" class="inline-form" aria-label="\(t("ops_\(action.rawValue)")) \(account.email)">
                <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
                <input type="hidden" name="operator" value="\(id)">
                <input type="hidden" name="action" value="\(action.rawValue)">
                <label for="\(action.rawValue)-\(id)">\(t("set_reason_short"))</label>
                <input id="\(action.rawValue)-\(id)" name="reason" type="text" maxlength="\(ConsoleEnvironmentSettings.reasonLength)" required>
                <button type="submit" class="\(danger ? "danger" : "")">\(t("ops_\(action.rawValue)"))</button>
                </form>
                """
            }
            let isSelf = account.email == signedIn.email
            var actions: [HTML] = []
            if account.active, !isSelf { actions.append(action(.disable, danger: true)) }
            if !account.active { actions.append(action(.enable, danger: false)) }
            actions.append(action(.resetPassword, danger: false))
            actions.append(action(.resetSecondFactor, danger: false))
            let state: HTML = account.active ? .text(t("ops_active")) : "<span class=\"bad\">\(t("ops_disabled"))</span>"
            return """
                <tr><td>\(account.email)\(isSelf ? " <span class=\"muted\">(\(t("ops_you")))</span>" : HTML.empty)</td>\
                <td>\(t("role_name_\(account.role.rawValue)"))</td><td>\(state)</td><td>\(t(account.secondFactor ? "yes" : "no"))</td>\
                <td class="time">\(account.lastSignInAtEpochMs.map(Self.time) ?? "—")</td><td>\(actions)</td></tr>
                """
        }.joined()
        let roles = OperatorRole.allCases.map { role -> HTML in "<option value=\"\(role.rawValue)\">\(t("role_name_\(role.rawValue)"))</option>" }.joined()
        let createForm: HTML = """
            <form method="post" action="\(ConsoleRoute.settingsOperatorCreate.path)?lang=\(language)" class="settings" aria-labelledby="add-operator">
            <h3 id="add-operator">\(t("ops_add"))</h3>
            <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
            <label for="new-email">\(t("email"))</label>
            <input id="new-email" name="email" type="email" maxlength="254" spellcheck="false" required>
            <label for="new-role">\(t("role"))</label>
            <select id="new-role" name="role">\(roles)</select>
            <div class="check"><input type="checkbox" id="new-second-factor" name="secondFactor" value="yes" checked>\
            <label for="new-second-factor">\(t("ops_second_factor"))</label></div>
            <label for="new-reason">\(t("set_reason"))</label>
            <textarea id="new-reason" name="reason" maxlength="\(ConsoleEnvironmentSettings.reasonLength)" required></textarea>
            <button type="submit" class="primary">\(t("ops_add_button"))</button>
            </form>
            """
        return layout(title: t("ops_title"), signedIn: signedIn, path: ConsoleRoute.settingsOperators.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("ops_title"))</h1>
            <p class="lede">\(t("ops_lede"))</p>
            \(settingsTabs(.settingsOperators, environment: nil))
            \(confirmation(signedIn, returningTo: ConsoleRoute.settingsOperators.path))
            \(status)
            \(problemBox(problem))
            \(once)
            \(table(t("ops_caption"), [t("email"), t("role"), t("ops_state"), t("ops_second_factor_col"), t("last_sign_in"), t("keys_action")], rows))
            \(createForm)
            </section>
            """)
    }
}
