import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages

extension ConsolePage {
    /// The page its kind's handler draws a case's evidence and forms on.
    func reviewPage(_ file: ConsoleCases.File) -> ReviewPage {
        ReviewPage(language: language, words: words, caseID: file.id, decided: file.decision != nil)
    }

    /// One case: who holds it, the evidence side by side, and (for a
    /// reviewer holding it) the two decisions, each a form of its own.
    func reviewCase(_ signedIn: Operator, file: ConsoleCases.File, problem: String?, notice: String?) -> HTML {
        let path = ConsoleCaseRoute.show(id: file.id.uuidString).path
        let status = noticeLine(notice)
        let review = reviewPage(file)
        let evidence = file.evidence?.sections(review) ?? []
        let sections = [caseFacts(file), claimBar(signedIn, file)] + evidence + [decisionForms(signedIn, file)]
        return layout(title: t("case_title_\(file.kind.rawValue)"), signedIn: signedIn, path: path, """
            <section class="card" aria-labelledby="title">
            <p><a href="\(ConsoleRoute.queue.path)?lang=\(language)">\(t("back_to_queue"))</a></p>
            <h1 id="title">\(t("case_title_\(file.kind.rawValue)"))</h1>
            \(status)
            \(problemBox(problem))
            \(sections.joined(separator: "\n"))
            </section>
            """)
    }

    /// What a decision shows the reviewer once (an activation code): never
    /// in a URL, never cached, not kept in a form the console can show again.
    func shownOnce(_ signedIn: Operator, caseID: UUID, _ shown: any ReviewShownOnce) -> HTML {
        let review = ReviewPage(language: language, words: words, caseID: caseID, decided: true)
        return layout(title: t(shown.titleKey), signedIn: signedIn, path: ConsoleCaseRoute.show(id: caseID.uuidString).path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t(shown.titleKey))</h1>
            <p class="notice" role="status">\(t("notice_decided"))</p>
            \(shown.body(review))
            <p><a href="\(ConsoleRoute.queue.path)?lang=\(language)">\(t("back_to_queue"))</a></p>
            </section>
            """)
    }

    /// A case that is not there (or is another tenant's): said plainly.
    func caseNotFound(_ signedIn: Operator) -> HTML {
        layout(title: t("error_not_found_title"), signedIn: signedIn, path: ConsoleRoute.queue.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("error_not_found_title"))</h1>
            <p>\(t("error_NOT_FOUND"))</p>
            <p><a href="\(ConsoleRoute.queue.path)?lang=\(language)">\(t("back_to_queue"))</a></p>
            </section>
            """)
    }

    private func caseFacts(_ file: ConsoleCases.File) -> HTML {
        let names = file.evidence?.namesUser ?? true
        let user: HTML = names ? "<dt>\(t("case_user"))</dt><dd>\(file.userRef ?? "—")</dd>" : .empty
        let own = file.evidence?.facts(reviewPage(file)) ?? .empty
        let facts: HTML = """
            \(user)
            <dt>\(t("case_environment"))</dt><dd>\(t("env_\(file.environment)"))</dd>
            <dt>\(t("case_opened"))</dt><dd>\(Self.time(file.openedAt))</dd>
            <dt>\(t("case_why"))</dt><dd>\(file.reasons.map { why($0) }.joined(separator: "; "))</dd>
            \(own)
            """
        return "<h2 class=\"visually-hidden\">\(t("case_facts"))</h2><dl class=\"facts\">\(facts)</dl>"
    }

    /// Who holds the case, and the buttons to claim, extend or give it back.
    private func claimBar(_ signedIn: Operator, _ file: ConsoleCases.File) -> HTML {
        let id = file.id.uuidString
        if let decision = file.decision {
            let text = HTML.filling(t("decided_state"), .text(t("decision_\(decision.decision.rawValue)")), .text(decision.by),
                                    Self.time(decision.at), .text(t("dreason_\(decision.reason)")))
            return "<div class=\"claim\"><p>\(text)</p></div>"
        }
        let canDecide = signedIn.role.includes(.reviewer)
        func button(_ route: ConsoleCaseRoute, _ label: String) -> HTML {
            """
            <form method="post" action="\(route.path)?lang=\(language)">
            <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
            <button type="submit">\(label)</button>
            </form>
            """
        }
        switch file.claim {
        case .none:
            return "<div class=\"claim\"><p>\(t("claim_state_none"))</p>\(canDecide ? button(.claim(id: id), t("claim_button")) : .empty)</div>"
        case .mine(let until):
            let text = HTML.filling(t("claim_state_mine"), Self.time(until))
            return "<div class=\"claim\"><p>\(text)</p>\(button(.claim(id: id), t("claim_extend")))\(button(.release(id: id), t("release_button")))</div>"
        case .other(let email, let until):
            let text = HTML.filling(t("claim_state_other"), .text(email), Self.time(until))
            return "<div class=\"claim\"><p>\(text)</p></div>"
        }
    }

    /// Approve and reject: two forms, each with its own reasons.
    private func decisionForms(_ signedIn: Operator, _ file: ConsoleCases.File) -> HTML {
        guard file.decision == nil else { return .empty }
        guard signedIn.role.includes(.reviewer) else { return section("decide", t("decide_title"), "<p>\(t("decide_need_role"))</p>") }
        guard case .mine = file.claim else { return section("decide", t("decide_title"), "<p>\(t("decide_need_claim"))</p>") }
        let forms = [ReviewDecision.approve, .reject].map { decision -> HTML in
            let id = decision.rawValue
            let options = file.handler.reasons(file.kind, decision)
                .map { code -> HTML in "<option value=\"\(code)\">\(t("dreason_\(code)"))</option>" }.joined()
            return """
                <form method="post" action="\(ConsoleCaseRoute.decision(id: file.id.uuidString).path)?lang=\(language)" class="\(id)" aria-labelledby="\(id)-title">
                <h3 id="\(id)-title">\(kindWords("\(id)_title", file.kind))</h3>
                <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
                <input type="hidden" name="decision" value="\(id)">
                <label for="\(id)-reason">\(t("reason_label"))</label>
                <select id="\(id)-reason" name="reason" required>\(options)</select>
                \(file.handler.decisionFields(file.kind, decision, page: reviewPage(file)))
                <label for="\(id)-note">\(t("note_label"))</label>
                <textarea id="\(id)-note" name="note" maxlength="\(ReviewNote.maximumLength)"></textarea>
                <button type="submit" class="\(decision == .approve ? "primary" : "danger")">\(kindWords("\(id)_button", file.kind))</button>
                </form>
                """
        }.joined()
        let kindLede = t("decide_lede_\(file.kind.rawValue)")
        let lede = t("decide_lede") + (kindLede == "decide_lede_\(file.kind.rawValue)" ? "" : " " + kindLede)
        return section("decide", t("decide_title"), "<p class=\"lede\">\(lede)</p><div class=\"decide\">\(forms)</div>")
    }

    /// The kind's own words for `key` (`sanctions_candidate_approve_title`), else the general ones.
    private func kindWords(_ key: String, _ kind: ReviewCaseKind) -> String {
        let own = "\(kind.rawValue)_\(key)", text = t(own)
        return text == own ? t(key) : text
    }

    func section(_ id: String, _ title: String, _ content: HTML) -> HTML {
        "<section class=\"case-section\" aria-labelledby=\"\(id)-heading\"><h2 id=\"\(id)-heading\">\(title)</h2>\(content)</section>"
    }

    /// Why a case waits, in words; a failure code the engines wrote beside the doubt reads as its code.
    func why(_ code: String) -> String {
        let key = "why_\(code)", text = t(key)
        return text == key ? code : text
    }

    /// A measure as people read it: three decimals at most.
    static func figure(_ value: Double) -> String { ReviewPage.figure(value) }
}
