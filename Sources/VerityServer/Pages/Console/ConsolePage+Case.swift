import Foundation
import VerityAPI
import VerityCore

extension ConsolePage {
    /// One case: who holds it, the evidence side by side, and (for a
    /// reviewer holding it) the two decisions, each a form of its own.
    func reviewCase(_ signedIn: Operator, file: ConsoleCases.File, problem: String?, notice: String?) -> String {
        let path = ConsoleCaseRoute.show(id: file.id.uuidString).path
        let status: String = notice.map { "<p class=\"notice\" role=\"status\">\(Self.escape($0))</p>" } ?? ""
        var sections = [caseFacts(file), claimBar(signedIn, file)]
        if let document = file.document { sections += documentEvidence(file, document) }
        if let mobile = file.mobile { sections += mobileEvidence(file, mobile) }
        if let request = file.accreditation { sections += accreditationEvidence(file, request) }
        if let ocr = file.ocr { sections += ocrEvidence(file, ocr) }
        sections.append(decisionForms(signedIn, file))
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
        // Mobile sessions name no user (the app sends no reference): the row would only ever say "—".
        let user: String = file.mobile == nil ? "<dt>\(t("case_user"))</dt><dd>\(Self.escape(file.userRef ?? "—"))</dd>" : ""
        var facts = """
            \(user)
            <dt>\(t("case_environment"))</dt><dd>\(t("env_\(file.environment)"))</dd>
            <dt>\(t("case_opened"))</dt><dd>\(Self.time(file.openedAt))</dd>
            <dt>\(t("case_why"))</dt><dd>\(file.reasons.map { Self.escape(why($0)) }.joined(separator: "; "))</dd>
            """
        if let document = file.document {
            facts += """
                <dt>\(t("case_document"))</dt><dd>\(t("doc_\(document.documentType)")) · \(Self.escape(document.country))</dd>
                <dt>\(t("case_flow"))</dt><dd>\(t("flow_\(document.flow)"))</dd>
                <dt>\(t("case_submitted"))</dt><dd>\(Self.time(document.submittedAt))</dd>
                """
        }
        if let mobile = file.mobile {
            facts += """
                <dt>\(t("case_verification"))</dt><dd><code>\(Self.escape(mobile.verificationID))</code></dd>
                <dt>\(t("case_product"))</dt><dd>\(Self.escape(mobile.product))</dd>
                <dt>\(t("case_outcome"))</dt><dd>\(t("outcome_\(mobile.outcome)"))\(mobile.reasons.isEmpty ? "" : " (\(mobile.reasons.map { "<code>\(Self.escape($0))</code>" }.joined(separator: ", ")))")</dd>
                <dt>\(t("case_ended"))</dt><dd>\(Self.time(mobile.endedAt))</dd>
                """
        }
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

    private func documentEvidence(_ file: ConsoleCases.File, _ document: ConsoleCases.DocumentEvidence) -> [String] {
        var sections: [String] = []
        // The images, while the check keeps them.
        sections.append(imagesSection(file, document.images))
        guard let evidence = document.evidence, let report = evidence.report else { return sections }

        let fieldRows = report.fields.map { field -> String in
            """
            <tr><th scope="row"><code>\(Self.escape(field.name))</code></th><td><bdi>\(Self.escape(field.value))</bdi></td>\
            <td>\(t("source_\(field.source.rawValue)"))</td><td>\(Int((field.confidence * 100).rounded()))%</td></tr>
            """
        }.joined()
        var fields = table(t("fields_caption"), [t("col_field"), t("col_value"), t("col_source"), t("col_confidence")], fieldRows)
        let marked = report.documentVerificationPlus.reviewRequired
        let markedList: String = marked.isEmpty ? t("none") : marked.map { "<code>\(Self.escape($0))</code>" }.joined(separator: ", ")
        fields += "<p><strong>\(t("review_fields")):</strong> \(markedList)</p>"
        if !report.mismatches.isEmpty {
            let rows = report.mismatches.map { mismatch -> String in
                let values = mismatch.values.sorted { $0.key < $1.key }
                    .map { "\(t("source_\($0.key)")): <bdi>\(Self.escape($0.value))</bdi>" }.joined(separator: "<br>")
                return "<tr><th scope=\"row\"><code>\(Self.escape(mismatch.field))</code></th><td>\(values)</td></tr>"
            }.joined()
            let heading: String = "<h3>\(t("mismatch_title"))</h3>"
            fields += heading + table(t("mismatch_caption"), [t("col_field"), t("col_values")], rows)
        }
        sections.append(section("fields", t("fields_title"), fields))

        let sides = [("front", report.front)] + (report.back.map { [("back", $0)] } ?? [])
        let qualityRows = sides.flatMap { side, evidence -> [String] in
            evidence.quality.signals.map { signal -> String in
                """
                <tr><td>\(t("side_\(side)"))</td><td>\(Self.escape(signal.name.rawValue))</td><td>\(Self.figure(signal.value))</td>\
                <td>\(signal.direction == .atLeast ? "≥" : "≤") \(Self.figure(signal.threshold))</td>\
                <td class="\(signal.passed ? "good" : "bad")">\(t(signal.passed ? "passed" : "failed"))</td></tr>
                """
            }
        }.joined()
        sections.append(section("quality", t("quality_title"), table(
            t("quality_caption"), [t("col_side"), t("col_signal"), t("col_measured"), t("col_threshold"), t("col_result")], qualityRows)))

        var face = ""
        if let zone = report.advancedConfidence?.faceFraudZone {
            face += "<dt>\(t("fraud_zone"))</dt><dd class=\"\(zone == 0 ? "good" : "bad")\">\(zone)</dd>"
        }
        if let selfie = evidence.selfie {
            let distance = selfie.distance.map(Self.figure) ?? "—"
            face += """
                <dt>\(t("face_distance"))</dt><dd class="\(selfie.matched == true ? "good" : "bad")">\(distance)</dd>
                <dt>\(t("face_threshold"))</dt><dd>\(Self.figure(selfie.threshold))</dd>
                <dt>\(t("liveness"))</dt><dd>\(selfie.attackSuspected == true ? "<span class=\"bad\">\(t("liveness_attack"))</span> (\(Self.escape(selfie.livenessReasons.joined(separator: ", "))))" : t("liveness_ok"))</dd>
                """
        }
        sections.append(section("face", t("face_title"), face.isEmpty ? "<p>\(t("face_none"))</p>" : "<dl class=\"facts\">\(face)</dl>"))

        var holder = "<dt>\(t("holder_mismatches"))</dt><dd>\(evidence.holderMismatches.isEmpty ? t("none") : evidence.holderMismatches.map { "<code>\(Self.escape($0))</code>" }.joined(separator: ", "))</dd>"
        if let outcome = evidence.dataSourceOutcome { holder += "<dt>\(t("data_source"))</dt><dd><code>\(Self.escape(outcome.rawValue))</code></dd>" }
        sections.append(section("holder", t("holder_title"), "<dl class=\"facts\">\(holder)</dl>"))
        return sections
    }

    /// Approve and reject: two forms, each with its own reasons.
    private func decisionForms(_ signedIn: Operator, _ file: ConsoleCases.File) -> String {
        guard file.decision == nil else { return "" }
        guard signedIn.role.includes(.reviewer) else { return section("decide", t("decide_title"), "<p>\(t("decide_need_role"))</p>") }
        guard case .mine = file.claim else { return section("decide", t("decide_title"), "<p>\(t("decide_need_claim"))</p>") }
        let forms = [ReviewDecision.approve, .reject].map { decision -> String in
            let id = decision.rawValue
            let options = ReviewReasons.choices(file.kind, decision)
                .map { code -> String in "<option value=\"\(code)\">\(Self.escape(t("dreason_\(code)")))</option>" }.joined()
            return """
                <form method="post" action="\(ConsoleCaseRoute.decision(id: file.id.uuidString).path)?lang=\(language)" class="\(id)" aria-labelledby="\(id)-title">
                <h3 id="\(id)-title">\(t(file.kind == .sanctionsCandidate ? "sanctions_\(id)_title" : "\(id)_title"))</h3>
                <input type="hidden" name="csrf" value="\(Self.escape(signedIn.csrfToken))">
                <input type="hidden" name="decision" value="\(id)">
                <label for="\(id)-reason">\(t("reason_label"))</label>
                <select id="\(id)-reason" name="reason" required>\(options)</select>
                \(decision == .approve && file.kind == .accreditation ? deliveryChoice() : "")
                <label for="\(id)-note">\(t("note_label"))</label>
                <textarea id="\(id)-note" name="note" maxlength="\(ReviewReasons.noteLength)"></textarea>
                <button type="submit" class="\(decision == .approve ? "primary" : "danger")">\(t(file.kind == .sanctionsCandidate ? "sanctions_\(id)_button" : "\(id)_button"))</button>
                </form>
                """
        }.joined()
        let lede = t("decide_lede") + (file.kind == .sanctionsCandidate ? " " + t("sanctions_lede") : "")
        return section("decide", t("decide_title"), "<p class=\"lede\">\(lede)</p><div class=\"decide\">\(forms)</div>")
    }

    /// A case's images while its subject keeps them, each fetched by the page
    /// (`ConsoleCaseRoute.image`); said plainly once they are gone.
    func imagesSection(_ file: ConsoleCases.File, _ sides: [ConsoleCases.ImageSide]) -> String {
        let figures = sides.map { side -> String in
            // A document check's `face` and a session's `selfie` are both the user's selfie.
            let label = t(side == .selfie ? "image_face" : "image_\(side.rawValue)")
            return """
                <figure><img src="\(ConsoleCaseRoute.image(id: file.id.uuidString, side: side.rawValue).path)" alt="\(label)">\
                <figcaption>\(label)</figcaption></figure>
                """
        }.joined()
        // Undecided and without images: the environment's retention erased them while the case waited.
        let gone = t(file.decision == nil ? "images_expired" : "images_gone")
        return section("images", t("images_title"), figures.isEmpty ? "<p>\(gone)</p>" : "<div class=\"images\">\(figures)</div>")
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
    static func figure(_ value: Double) -> String {
        String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
