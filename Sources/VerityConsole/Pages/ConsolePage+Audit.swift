import Foundation
import VerityAPI
import VerityKernel
import VerityPages

extension ConsolePage {
    /// The audit trail: a filter form (a GET: it changes nothing, so it
    /// carries no CSRF token) and a page of events with a link to older ones.
    func audit(_ signedIn: Operator, query: ConsoleAuditTrail.Query, page: ConsoleAuditTrail.Page?, problem: String?) -> HTML {
        func selected(_ value: String, _ chosen: String?) -> HTML { value == chosen ? " selected" : .empty }
        let actions = (page?.actions ?? []).map { action -> HTML in "<option value=\"\(action)\"\(selected(action, query.action))>\(action)</option>" }
        let actors = (page?.actors ?? []).map { actor -> HTML in
            "<option value=\"\(actor.value)\"\(selected(actor.value, query.actor))>\(actor.label)</option>"
        }
        var table = HTML.empty
        if let page {
            if page.rows.isEmpty {
                table = "<p role=\"status\">\(t("audit_empty"))</p>"
            } else {
                let rows = page.rows.map { row -> HTML in
                    """
                    <tr><td class="time">\(Self.time(row.at))</td><td class="action">\(row.action)</td>\
                    <td>\(row.actor)</td><td>\(row.environment ?? "—")</td>\
                    <td>\(row.userRef ?? "—")</td><td class="reason">\(row.reason ?? "")</td></tr>
                    """
                }.joined(separator: "\n")
                table = """
                    <div class="table-wrap">
                    <table>
                    <caption>\(t("audit_caption"))</caption>
                    <thead><tr><th scope="col">\(t("col_time"))</th><th scope="col">\(t("col_action"))</th><th scope="col">\(t("col_actor"))</th>\
                    <th scope="col">\(t("col_environment"))</th><th scope="col">\(t("col_user"))</th><th scope="col">\(t("col_reason"))</th></tr></thead>
                    <tbody>
                    \(rows)
                    </tbody>
                    </table>
                    </div>
                    """
                if let next = page.next {
                    table += "<p class=\"pager\"><a href=\"\(link(query, after: next))\">\(t("audit_older"))</a></p>"
                }
            }
        }
        return layout(title: t("audit_title"), signedIn: signedIn, path: ConsoleRoute.audit.path, keeping: filterItems(query), """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("audit_title"))</h1>
            <p class="lede">\(t("audit_lede"))</p>
            \(problemBox(problem))
            <form method="get" action="\(ConsoleRoute.audit.path)">
            <fieldset>
            <legend>\(t("filter"))</legend>
            <input type="hidden" name="lang" value="\(language)">
            <div class="filters">
            <div class="field"><label for="action">\(t("filter_action"))</label>
            <select id="action" name="action"><option value="">\(t("filter_any"))</option>\(actions)</select></div>
            <div class="field"><label for="actor">\(t("filter_actor"))</label>
            <select id="actor" name="actor"><option value="">\(t("filter_any"))</option>\(actors)</select></div>
            <div class="field"><label for="user">\(t("filter_user"))</label>
            <input id="user" name="user" type="text" maxlength="128" autocomplete="off" value="\(query.userRef ?? "")"></div>
            <div class="field"><label for="from">\(t("filter_from"))</label>
            <input id="from" name="from" type="text" inputmode="numeric" maxlength="10" autocomplete="off" value="\(query.from ?? "")"></div>
            <div class="field"><label for="to">\(t("filter_to"))</label>
            <input id="to" name="to" type="text" inputmode="numeric" maxlength="10" autocomplete="off" value="\(query.to ?? "")"></div>
            </div>
            <div class="filters-actions"><button type="submit" class="primary">\(t("filter_apply"))</button>
            <a href="\(ConsoleRoute.audit.path)?lang=\(language)">\(t("filter_clear"))</a></div>
            </fieldset>
            </form>
            \(table)
            </section>
            """)
    }

    /// This filter's address, on the page after `after`.
    private func link(_ query: ConsoleAuditTrail.Query, after: String) -> String {
        Self.address(ConsoleRoute.audit.path, [URLQueryItem(name: "lang", value: language)] + filterItems(query) + [URLQueryItem(name: "after", value: after)])
    }

    private func filterItems(_ query: ConsoleAuditTrail.Query) -> [URLQueryItem] {
        [("action", query.action), ("actor", query.actor), ("user", query.userRef), ("from", query.from), ("to", query.to)]
            .map { URLQueryItem(name: $0.0, value: $0.1) }
    }
}
