import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages

extension ConsolePage {
    /// An environment's rules as a form (with the values as typed when a save
    /// was refused), its consent texts, and a form to add one.
    func settings(_ signedIn: Operator, view: ConsoleEnvironmentSettings.View, typed: ConsoleEnvironmentSettings.RulesForm?,
                  problem: String?, notice: String?) -> HTML {
        let kind = view.environment.rawValue
        let path = ConsoleRoute.settings.path
        let status = noticeLine(notice)
        let rules = view.rules
        func figure(_ value: Double) -> String { Self.figure(value) }
        let countries = typed?.countries ?? rules.countries.joined(separator: ", ")
        let attempts = typed?.maxAttempts ?? String(rules.maxAttempts)
        let threshold = typed?.faceThreshold ?? figure(rules.faceThreshold)
        let margin = typed?.reviewMargin ?? figure(rules.reviewMargin)
        func check(_ name: String, _ on: Bool) -> HTML {
            """
            <div class="check"><input type="checkbox" id="\(name)" name="\(name)" value="yes"\(on ? " checked" : "")>\
            <label for="\(name)">\(t("set_\(name)"))</label></div>
            """
        }
        let form: HTML = """
            <form method="post" action="\(ConsoleRoute.settingsRules.path)?lang=\(language)" class="settings" aria-labelledby="rules-heading">
            <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
            <input type="hidden" name="environment" value="\(kind)">
            <input type="hidden" name="version" value="\(typed?.version ?? view.version)">
            <label for="countries">\(t("set_countries"))</label>
            <p class="hint" id="countries-hint">\(t("set_countries_hint"))</p>
            <input id="countries" name="countries" type="text" maxlength="1000" autocomplete="off" spellcheck="false" aria-describedby="countries-hint" value="\(countries)" required>
            <label for="maxAttempts">\(t("set_maxAttempts"))</label>
            <p class="hint" id="attempts-hint">\(t("set_maxAttempts_hint"))</p>
            <input id="maxAttempts" name="maxAttempts" type="number" min="\(VerificationPolicy.attemptsRange.lowerBound)" max="\(VerificationPolicy.attemptsRange.upperBound)" aria-describedby="attempts-hint" value="\(attempts)" required>
            \(check("consentRequired", typed?.consentRequired ?? rules.consentRequired))
            \(check("escalate", typed?.escalate ?? rules.escalateToGovernmentID))
            <label for="faceThreshold">\(t("set_faceThreshold"))</label>
            <p class="hint" id="threshold-hint">\(t("set_faceThreshold_hint"))</p>
            <input id="faceThreshold" name="faceThreshold" type="text" inputmode="decimal" maxlength="12" aria-describedby="threshold-hint" value="\(threshold)" required>
            \(check("review", typed?.review ?? rules.review))
            <label for="reviewMargin">\(t("set_reviewMargin"))</label>
            <p class="hint" id="margin-hint">\(t("set_reviewMargin_hint"))</p>
            <input id="reviewMargin" name="reviewMargin" type="text" inputmode="decimal" maxlength="12" aria-describedby="margin-hint" value="\(margin)" required>
            <label for="reason">\(t("set_reason"))</label>
            <p class="hint" id="reason-hint">\(t("set_reason_hint"))</p>
            <textarea id="reason" name="reason" maxlength="\(ConsoleEnvironmentSettings.reasonLength)" aria-describedby="reason-hint" required>\(typed?.reason ?? "")</textarea>
            <button type="submit" class="primary">\(t("set_save"))</button>
            </form>
            """
        let textRows = view.consentTexts.map { text -> HTML in
            "<tr><td><code>\(text.locale)</code></td><td><code>\(text.contentType)</code></td>"
                + "<td>\(text.characters)</td><td class=\"time\">\(Self.time(text.addedAt))</td></tr>"
        }.joined()
        let texts: HTML = view.consentTexts.isEmpty ? "<p>\(t("set_consent_none"))</p>"
            : table(t("set_consent_caption"), [t("set_locale"), t("set_content_type"), t("set_characters"), t("set_added")], textRows)
        let types = ["text/plain", "text/html", "text/markdown"].map { type -> HTML in "<option value=\"\(type)\">\(type)</option>" }.joined()
        let consentForm: HTML = """
            <form method="post" action="\(ConsoleRoute.settingsConsent.path)?lang=\(language)" class="settings" aria-labelledby="consent-add-heading">
            <h3 id="consent-add-heading">\(t("set_consent_add"))</h3>
            <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
            <input type="hidden" name="environment" value="\(kind)">
            <label for="locale">\(t("set_locale"))</label>
            <p class="hint" id="locale-hint">\(t("set_locale_hint"))</p>
            <input id="locale" name="locale" type="text" maxlength="35" autocomplete="off" spellcheck="false" aria-describedby="locale-hint" value="\(view.defaultLocale)" required>
            <label for="contentType">\(t("set_content_type"))</label>
            <select id="contentType" name="contentType">\(types)</select>
            <label for="content">\(t("set_content"))</label>
            <textarea id="content" name="content" maxlength="32768" required></textarea>
            <button type="submit" class="primary">\(t("set_consent_button"))</button>
            </form>
            """
        return layout(title: t("settings_title"), signedIn: signedIn, path: path, keeping: [URLQueryItem(name: "environment", value: kind)], """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("settings_title"))</h1>
            <p class="lede">\(t("settings_lede"))</p>
            \(settingsTabs(.settings, environment: view.environment))
            \(environmentTabs(.settings, view.environment))
            \(confirmation(signedIn, returningTo: Self.address(path, [URLQueryItem(name: "environment", value: kind)])))
            \(status)
            \(problemBox(problem))
            \(section("rules", t("set_rules_title"), "<p>\(t("set_rules_lede"))</p>" + form))
            \(section("consent", t("set_consent_title"), "<p>\(t("set_consent_lede"))</p>" + texts + consentForm))
            </section>
            """)
    }

    /// The settings' pages, as tabs.
    func settingsTabs(_ current: ConsoleRoute, environment: EnvironmentKind?) -> HTML {
        let tabs: [(ConsoleRoute, String)] = [(.settings, "set_tab_rules"), (.settingsKeys, "set_tab_keys"), (.settingsOperators, "set_tab_operators"),
                                              (.settingsChipTrust, "set_tab_chip_trust"), (.settingsSanctions, "set_tab_sanctions")]
        let items = tabs.map { route, key -> HTML in
            // The operators, the chip trust and the watchlists are the tenant's, not an environment's.
            let tenantWide = [.settingsOperators, .settingsChipTrust, .settingsSanctions].contains(route)
            let query: HTML = tenantWide ? .empty : environment.map { "&amp;environment=\($0.rawValue)" } ?? .empty
            let here: HTML = route == current ? " aria-current=\"page\"" : .empty
            return "<li><a href=\"\(route.path)?lang=\(language)\(query)\"\(here)>\(t(key))</a></li>"
        }.joined()
        return "<nav aria-label=\"\(t("set_tabs"))\"><ul class=\"tabs\">\(items)</ul></nav>"
    }

    /// A secret shown once (a key, a password): large, selectable, never kept by the page.
    func shownOnce(_ title: HTML, _ lede: String, _ secret: String, extra: HTML = .empty) -> HTML {
        """
        <div class="shown-once" role="status" aria-labelledby="once-title">
        <h2 id="once-title">\(title)</h2>
        <p>\(lede)</p>
        <p class="diac"><code>\(secret)</code></p>
        \(extra)
        </div>
        """
    }

    /// Settings are for admins: said plainly to anyone else (or a bad environment named).
    func settingsRefused(_ signedIn: Operator, problem: String? = nil) -> HTML {
        layout(title: t("settings_title"), signedIn: signedIn, path: ConsoleRoute.settings.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("settings_title"))</h1>
            \(problemBox(problem ?? t("error_settings_admin_only")))
            </section>
            """)
    }
}
