import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages

/// A held document check's evidence: the images while the check keeps them,
/// each field from its most trusted source and where sources disagree, the
/// quality measures, the face against its threshold, and the holder.
struct DocumentCheckReviewEvidence: ReviewEvidence {
    let documentType: String
    let country: String
    let flow: String
    let submittedAt: Int64
    let evidence: DocumentCheckHandler.Evidence?
    let images: [ReviewImageSide]

    var namesUser: Bool { true }

    func facts(_ page: ReviewPage) -> HTML {
        """
        <dt>\(page.t("case_document"))</dt><dd>\(page.t("doc_\(documentType)")) · \(country)</dd>
        <dt>\(page.t("case_flow"))</dt><dd>\(page.t("flow_\(flow)"))</dd>
        <dt>\(page.t("case_submitted"))</dt><dd>\(ReviewPage.time(submittedAt))</dd>
        """
    }

    func sections(_ page: ReviewPage) -> [HTML] {
        var sections = [page.images(images)]
        if let chip = evidence?.report?.chip ?? evidence?.chip { sections.append(DocumentCheckChipEvidence.section(chip, page)) }
        guard let evidence, let report = evidence.report else { return sections }
        sections.append(fields(report, page))
        sections.append(quality(report, page))
        sections.append(face(report, evidence.selfie, page))
        var holder: HTML = "<dt>\(page.t("holder_mismatches"))</dt><dd>\(page.codes(evidence.holderMismatches))</dd>"
        if let outcome = evidence.dataSourceOutcome { holder += "<dt>\(page.t("data_source"))</dt><dd><code>\(outcome.rawValue)</code></dd>" }
        sections.append(page.section("holder", page.t("holder_title"), page.facts(holder)))
        return sections
    }

    private func fields(_ report: DocumentReport, _ page: ReviewPage) -> HTML {
        let rows = report.fields.map { field -> HTML in
            """
            <tr><th scope="row"><code>\(field.name)</code></th><td><bdi>\(field.value)</bdi></td>\
            <td>\(page.t("source_\(field.source.rawValue)"))</td><td>\(Int((field.confidence * 100).rounded()))%</td></tr>
            """
        }.joined()
        var content = page.table(page.t("fields_caption"), [page.t("col_field"), page.t("col_value"), page.t("col_source"),
                                                           page.t("col_confidence")], rows)
        content += "<p><strong>\(page.t("review_fields")):</strong> \(page.codes(report.documentVerificationPlus.reviewRequired))</p>"
        if !report.mismatches.isEmpty {
            let rows = report.mismatches.map { mismatch -> HTML in
                let values = mismatch.values.sorted { $0.key < $1.key }
                    .map { source, value -> HTML in "\(page.t("source_\(source)")): <bdi>\(value)</bdi>" }.joined(separator: "<br>")
                return "<tr><th scope=\"row\"><code>\(mismatch.field)</code></th><td>\(values)</td></tr>"
            }.joined()
            content += "<h3>\(page.t("mismatch_title"))</h3>" + page.table(page.t("mismatch_caption"), [page.t("col_field"), page.t("col_values")], rows)
        }
        return page.section("fields", page.t("fields_title"), content)
    }

    private func quality(_ report: DocumentReport, _ page: ReviewPage) -> HTML {
        let sides = [("front", report.front)] + (report.back.map { [("back", $0)] } ?? [])
        let rows = sides.flatMap { side, evidence -> [HTML] in
            evidence.quality.signals.map { signal -> HTML in
                """
                <tr><td>\(page.t("side_\(side)"))</td><td>\(signal.name.rawValue)</td><td>\(ReviewPage.figure(signal.value))</td>\
                <td>\(signal.direction == .atLeast ? "≥" : "≤") \(ReviewPage.figure(signal.threshold))</td>\
                <td class="\(signal.passed ? "good" : "bad")">\(page.t(signal.passed ? "passed" : "failed"))</td></tr>
                """
            }
        }.joined()
        return page.section("quality", page.t("quality_title"), page.table(
            page.t("quality_caption"), [page.t("col_side"), page.t("col_signal"), page.t("col_measured"), page.t("col_threshold"),
                                        page.t("col_result")], rows))
    }

    private func face(_ report: DocumentReport, _ selfie: SelfieEvidence?, _ page: ReviewPage) -> HTML {
        var face = HTML.empty
        if let zone = report.advancedConfidence?.faceFraudZone {
            face += "<dt>\(page.t("fraud_zone"))</dt><dd class=\"\(zone == 0 ? "good" : "bad")\">\(zone)</dd>"
        }
        if let selfie {
            let liveness: HTML = selfie.attackSuspected == true
                ? "<span class=\"bad\">\(page.t("liveness_attack"))</span> (\(selfie.livenessReasons.joined(separator: ", ")))"
                : page.text("liveness_ok")
            face += """
                <dt>\(page.t("face_distance"))</dt><dd class="\(selfie.matched == true ? "good" : "bad")">\(selfie.distance.map(ReviewPage.figure) ?? "—")</dd>
                <dt>\(page.t("face_threshold"))</dt><dd>\(ReviewPage.figure(selfie.threshold))</dd>
                <dt>\(page.t("liveness"))</dt><dd>\(liveness)</dd>
                """
        }
        return page.section("face", page.t("face_title"), face.isEmpty ? "<p>\(page.t("face_none"))</p>" : page.facts(face))
    }
}
