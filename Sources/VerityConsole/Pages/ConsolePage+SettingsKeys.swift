import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel

extension ConsolePage {
    /// An environment's secret and client keys, a form to make each kind, and
    /// a revoke form per live key. A key just made is shown once, on top.
    func settingsKeys(_ signedIn: Operator, view: ConsoleKeys.View, made: ConsoleKeys.Made?, problem: String?, notice: String?) -> HTML {
        let kind = view.environment.rawValue
        let status = noticeLine(notice)
        let once: HTML = made.map { shownOnce(.text(t("keys_made_\($0.kind.rawValue)")), t("keys_made_lede"), $0.secret) } ?? .empty
        func reasonField(_ id: String) -> HTML {
            """
            <label for="\(id)-reason">\(t("set_reason"))</label>
            <textarea id="\(id)-reason" name="reason" maxlength="\(ConsoleEnvironmentSettings.reasonLength)" required></textarea>
            """
        }
        func rows(_ keys: [ConsoleKeys.Key], _ keyKind: KeyDirectory.Kind) -> HTML {
            keys.map { key -> HTML in
                let state: HTML = key.revokedAt.map { "<span class=\"bad\">\(t("keys_revoked")) \(Self.time($0))</span>" } ?? .text(t("keys_live"))
                let revoke: HTML = key.revokedAt != nil ? .empty : """
                    <form method="post" action="\(ConsoleRoute.settingsKeyRevoke.path)?lang=\(language)" class="inline-form" aria-label="\(t("keys_revoke")) \(key.prefix)">
                    <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
                    <input type="hidden" name="environment" value="\(kind)">
                    <input type="hidden" name="kind" value="\(keyKind.rawValue)">
                    <input type="hidden" name="key" value="\(key.id.uuidString)">
                    <label for="revoke-\(key.id.uuidString)">\(t("set_reason_short"))</label>
                    <input id="revoke-\(key.id.uuidString)" name="reason" type="text" maxlength="\(ConsoleEnvironmentSettings.reasonLength)" required>
                    <button type="submit" class="danger">\(t("keys_revoke"))</button>
                    </form>
                    """
                let scopes: HTML = keyKind == .client ? "<td>\(key.scopes.map { scope -> HTML in "<code>\(scope)</code>" }.joined(separator: " "))</td>" : .empty
                return "<tr><td><code>\(key.prefix)…</code></td>\(scopes)<td class=\"time\">\(Self.time(key.createdAt))</td>"
                    + "<td>\(state)</td><td>\(revoke)</td></tr>"
            }.joined()
        }
        let secretTable: HTML = view.secretKeys.isEmpty ? "<p>\(t("keys_none"))</p>"
            : table(t("keys_secret_caption"), [t("keys_prefix"), t("keys_created"), t("keys_state"), t("keys_action")], rows(view.secretKeys, .secret))
        let clientTable: HTML = view.clientKeys.isEmpty ? "<p>\(t("keys_none"))</p>"
            : table(t("keys_client_caption"), [t("keys_prefix"), t("keys_scopes"), t("keys_created"), t("keys_state"), t("keys_action")],
                    rows(view.clientKeys, .client))
        let scopeChoices = MobileProduct.allCases.map { product -> HTML in
            """
            <div class="check"><input type="checkbox" id="scope-\(product.rawValue)" name="scopes[]" value="\(product.rawValue)">\
            <label for="scope-\(product.rawValue)"><code>\(product.rawValue)</code></label></div>
            """
        }.joined()
        func makeForm(_ keyKind: KeyDirectory.Kind, _ body: HTML) -> HTML {
            """
            <form method="post" action="\(ConsoleRoute.settingsKeyCreate.path)?lang=\(language)" class="settings" aria-labelledby="make-\(keyKind.rawValue)">
            <h3 id="make-\(keyKind.rawValue)">\(t("keys_make_\(keyKind.rawValue)"))</h3>
            <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
            <input type="hidden" name="environment" value="\(kind)">
            <input type="hidden" name="kind" value="\(keyKind.rawValue)">
            \(body)
            \(reasonField("make-\(keyKind.rawValue)"))
            <button type="submit" class="primary">\(t("keys_make_button"))</button>
            </form>
            """
        }
        let clientBody: HTML = "<fieldset><legend>\(t("keys_scopes"))</legend>\(scopeChoices)</fieldset>"
        return layout(title: t("keys_title"), signedIn: signedIn, path: ConsoleRoute.settingsKeys.path,
                      keeping: [URLQueryItem(name: "environment", value: kind)], """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("keys_title"))</h1>
            <p class="lede">\(t("keys_lede"))</p>
            \(settingsTabs(.settingsKeys, environment: view.environment))
            \(environmentTabs(.settingsKeys, view.environment))
            \(confirmation(signedIn, returningTo: Self.address(ConsoleRoute.settingsKeys.path, [URLQueryItem(name: "environment", value: kind)])))
            \(status)
            \(problemBox(problem))
            \(once)
            \(section("secret", t("keys_secret_title"), "<p>\(t("keys_secret_lede"))</p>" + secretTable + makeForm(.secret, "")))
            \(section("client", t("keys_client_title"), "<p>\(t("keys_client_lede"))</p>" + clientTable + makeForm(.client, clientBody)))
            </section>
            """)
    }
}
