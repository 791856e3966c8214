import Foundation
import VerityAPI
import VerityCore

extension ConsolePage {
    /// The page its kind's handler draws a case's evidence and forms on.
    func reviewPage(_ file: ConsoleCases.File) -> ReviewPage {
        ReviewPage(language: language, words: words, caseID: file.id, decided: file.decision != nil)
    }

    /// One case: who holds it, the evidence side by side, and (for a
    /// reviewer holding it) the two decisions, each a form of its own.
    func reviewCase(_ signedIn: Operator, file: ConsoleCases.File, problem: String?, notice: String?) -> String {
        let path = ConsoleCaseRoute.show(id: file.id.uuidString).path
        let status: String = notice.map { "<p class=\"notice\" role=\"status\">\(Self.escape($0))</p>" } ?? ""
        let review = reviewPage(file)
        let evidence = file.evidence.map { $0.sections(review).map(\.rendered) } ?? []
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
    func shownOnce(_ signedIn: Operator, caseID: UUID, _ shown: any ReviewShownOnce) -> String {
        let review = ReviewPage(language: language, words: words, caseID: caseID, decided: true)
        return layout(title: t(shown.titleKey), signedIn: signedIn, path: ConsoleCaseRoute.show(id: caseID.uuidString).path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t(shown.titleKey))</h1>
            <p class="notice" role="status">\(t("notice_decided"))</p>
            \(shown.body(review).rendered)
            <p><a href="\(ConsoleRoute.queue.path)?lang=\(language)">\(t("back_to_queue"))</a></p>
            </section>
            """)
    }

    /// A case that is not there (or is another tenant's): said plainly.
    func caseNotFound(_ signedIn: Operator) -> String {
        layout(title: t("error_not_found_title"), signedIn: signedIn, path: ConsoleRoute.queue.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("error_not_found_title"))</h1>
            <p>\(t("error_NOT_FOUND"))</p>
            <p><a href="\(ConsoleRoute.queue.path)?lang=\(language)">\(t("back_to_queue"))</a></p>
            </section>
            """)
    }

    private func caseFacts(_ file: ConsoleCases.File) -> String {
        let names = file.evidence?.namesUser ?? true
        let user: String = names ? "<dt>\(t("case_user"))</dt><dd>\(Self.escape(file.userRef ?? "—"))</dd>" : ""
        let own = file.evidence.map { $0.facts(reviewPage(file)).rendered } ?? ""
        let facts = """
            \(user)
            <dt>\(t("case_environment"))</dt><dd>\(t("env_\(file.environment)"))</dd>
            <dt>\(t("case_opened"))</dt><dd>\(Self.time(file.openedAt))</dd>
            <dt>\(t("case_why"))</dt><dd>\(file.reasons.map { Self.escape(why($0)) }.joined(separator: "; "))</dd>
            \(own)
            """
        return "<h2 class=\"visually-hidden\">\(t("case_facts"))</h2><dl class=\"facts\">\(facts)</dl>"
    }

    /// Who holds the case, and the buttons to claim, extend or give it back.
    private func claimBar(_ signedIn: Operator, _ file: ConsoleCases.File) -> String {
        let id = file.id.uuidString
        if let decision = file.decision {
            let text = t("decided_state")
                .replacingOccurrences(of: "%1", with: t("decision_\(decision.decision.rawValue)"))
                .replacingOccurrences(of: "%2", with: Self.escape(decision.by))
                .replacingOccurrences(of: "%3", with: Self.time(decision.at))
                .replacingOccurrences(of: "%4", with: Self.escape(t("dreason_\(decision.reason)")))
            return "<div class=\"claim\"><p>\(text)</p></div>"
        }
        let canDecide = signedIn.role.includes(.reviewer)
        func button(_ route: ConsoleCaseRoute, _ label: String) -> String {
            """
            <form method="post" action="\(route.path)?lang=\(language)">
            <input type="hidden" name="csrf" value="\(Self.escape(signedIn.csrfToken))">
            <button type="submit">\(label)</button>
            </form>
            """
        }
        switch file.claim {
        case .none:
            return "<div class=\"claim\"><p>\(t("claim_state_none"))</p>\(canDecide ? button(.claim(id: id), t("claim_button")) : "")</div>"
        case .mine(let until):
            let text = t("claim_state_mine").replacingOccurrences(of: "%@", with: Self.time(until))
            return "<div class=\"claim\"><p>\(text)</p>\(button(.claim(id: id), t("claim_extend")))\(button(.release(id: id), t("release_button")))</div>"
        case .other(let email, let until):
            let text = t("claim_state_other").replacingOccurrences(of: "%1", with: Self.escape(email))
                .replacingOccurrences(of: "%2", with: Self.time(until))
            return "<div class=\"claim\"><p>\(text)</p></div>"
        }
    }

    /// Approve and reject: two forms, each with its own reasons.
    private func decisionForms(_ signedIn: Operator, _ file: ConsoleCases.File) -> String {
        guard file.decision == nil else { return "" }
        guard signedIn.role.includes(.reviewer) else { return section("decide", t("decide_title"), "<p>\(t("decide_need_role"))</p>") }
        guard case .mine = file.claim else { return section("decide", t("decide_title"), "<p>\(t("decide_need_claim"))</p>") }
        let forms = [ReviewDecision.approve, .reject].map { decision -> String in
            let id = decision.rawValue
            let options = file.handler.reasons(file.kind, decision)
                .map { code -> String in "<option value=\"\(code)\">\(Self.escape(t("dreason_\(code)")))</option>" }.joined()
            return """
                <form method="post" action="\(ConsoleCaseRoute.decision(id: file.id.uuidString).path)?lang=\(language)" class="\(id)" aria-labelledby="\(id)-title">
                <h3 id="\(id)-title">\(kindWords("\(id)_title", file.kind))</h3>
                <input type="hidden" name="csrf" value="\(Self.escape(signedIn.csrfToken))">
                <input type="hidden" name="decision" value="\(id)">
                <label for="\(id)-reason">\(t("reason_label"))</label>
                <select id="\(id)-reason" name="reason" required>\(options)</select>
                \(file.handler.decisionFields(file.kind, decision, page: reviewPage(file)).rendered)
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

    func section(_ id: String, _ title: String, _ content: String) -> String {
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
