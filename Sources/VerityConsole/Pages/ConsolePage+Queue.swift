import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel

extension ConsolePage {
    /// The review queue: what waits, by kind, then the cases oldest first
    /// (another reviewer's live claim hides a case), 50 a page.
    func queue(_ signedIn: Operator, page: ReviewQueue.Page?, problem: String?, notice: String?) -> HTML {
        var body = HTML.empty
        if let page {
            body += counts(page.counts, kinds: page.kinds)
            if page.rows.isEmpty {
                body += "<p role=\"status\" class=\"notice\">\(t("queue_empty"))</p>"
            } else {
                let rows = page.rows.map { row -> HTML in
                    let claim = row.claimedUntil.map { HTML.filling(t("claim_yours"), Self.time($0)) } ?? .text(t("claim_free"))
                    let user = row.userRef ?? "—"
                    return """
                        <tr><td class="time">\(Self.time(row.openedAt))</td><td>\(t("kind_\(row.kind.rawValue)"))</td>\
                        <td>\(user)</td><td>\(t("env_\(row.environment)"))</td>\
                        <td>\(row.reasons.map { why($0) }.joined(separator: "; "))</td><td>\(claim)</td>\
                        <td><a href="\(ConsoleCaseRoute.show(id: row.id.uuidString).path)?lang=\(language)" \
                        aria-label="\(HTML.filling(t("open_case_label"), .text(user)))">\(t("open_case"))</a></td></tr>
                        """
                }.joined(separator: "\n")
                body += """
                    <div class="table-wrap">
                    <table>
                    <caption>\(t("queue_caption"))</caption>
                    <thead><tr><th scope="col">\(t("col_opened"))</th><th scope="col">\(t("col_kind"))</th><th scope="col">\(t("col_user"))</th>\
                    <th scope="col">\(t("col_environment"))</th><th scope="col">\(t("col_why"))</th><th scope="col">\(t("col_claim"))</th>\
                    <th scope="col">\(t("col_case"))</th></tr></thead>
                    <tbody>
                    \(rows)
                    </tbody>
                    </table>
                    </div>
                    """
                if let next = page.next {
                    let address = Self.address(ConsoleRoute.queue.path, [URLQueryItem(name: "lang", value: language), URLQueryItem(name: "after", value: next)])
                    body += "<p class=\"pager\"><a href=\"\(address)\">\(t("queue_more"))</a></p>"
                }
            }
        }
        let status = noticeLine(notice)
        return layout(title: t("queue_title"), signedIn: signedIn, path: ConsoleRoute.queue.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("queue_title"))</h1>
            <p class="lede">\(t("queue_lede"))</p>
            \(status)
            \(problemBox(problem))
            \(body)
            </section>
            """)
    }

    /// The figures above the table: open cases by kind, those others hold, the oldest.
    private func counts(_ counts: ReviewCaseRepository.Counts, kinds: [ReviewCaseKind]) -> HTML {
        // A list, not <dl> with grouping <div>s: the axe-core here (3.x) reads those as misplaced.
        func item(_ label: String, _ value: HTML, figure: Bool = true) -> HTML {
            "<li><span class=\"label\">\(label)</span> <span class=\"\(figure ? "figure" : "value")\">\(value)</span></li>"
        }
        var items = item(t("queue_total"), "\(counts.total)")
        for kind in kinds {
            guard let count = counts.open[kind], count > 0 else { continue }
            items += item(t("counts_\(kind.rawValue)"), "\(count)")
        }
        items += item(t("queue_claimed_by_others"), "\(counts.claimedByOthers)")
        if let oldest = counts.oldestOpenedAt {
            items += item(t("queue_oldest"), Self.time(oldest), figure: false)
        }
        return "<h2 class=\"visually-hidden\">\(t("queue_counts"))</h2><ul class=\"counts\">\(items)</ul>"
    }
}
