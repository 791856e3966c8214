import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages
import VeritySanctions

/// A mobile session's evidence (VerifyIdentity, VerifyCompliance): its result
/// as the engines gave it, the listed entries a sanctions candidate matched,
/// and the images while the session keeps them.
struct MobileSessionReviewEvidence: ReviewEvidence {
    let kind: ReviewCaseKind
    let verificationID: String
    let product: String
    let outcome: String
    let reasons: [String]
    let endedAt: Int64
    /// Nil once the session's result retention has passed.
    let result: MobileIdentityResult?
    let listed: [SanctionsEntry]
    let images: [ReviewImageSide]

    /// Mobile sessions name no user (the app sends no reference): the row would only ever say "—".
    var namesUser: Bool { false }

    func facts(_ page: ReviewPage) -> HTML {
        let reasonCodes: HTML = reasons.isEmpty ? .empty : " (\(reasons.map { reason -> HTML in "<code>\(reason)</code>" }.joined(separator: ", ")))"
        return """
            <dt>\(page.t("case_verification"))</dt><dd><code>\(verificationID)</code></dd>
            <dt>\(page.t("case_product"))</dt><dd>\(product)</dd>
            <dt>\(page.t("case_outcome"))</dt><dd>\(page.t("outcome_\(outcome)"))\(reasonCodes)</dd>
            <dt>\(page.t("case_ended"))</dt><dd>\(ReviewPage.time(endedAt))</dd>
            """
    }

    /// The images while kept, the fields read, the face against its threshold,
    /// and for a sanctions candidate each listed entry beside the person screened.
    func sections(_ page: ReviewPage) -> [HTML] {
        var sections = [page.images(images)]
        guard let result else {
            sections.append(page.section("fields", page.t("fields_title"), "<p>\(page.t("mobile_result_gone"))</p>"))
            return sections
        }
        if kind == .sanctionsCandidate { sections += sanctionsCandidates(result, page) }

        let rows = result.fields.sorted { $0.key < $1.key }.map { name, value -> HTML in
            "<tr><th scope=\"row\"><code>\(name)</code></th><td><bdi>\(value)</bdi></td></tr>"
        }.joined()
        let document: HTML = "<p>\(page.t("doc_\(result.documentType)")) · \(result.country)</p>"
        sections.append(page.section("fields", page.t("fields_title"),
                                     document + page.table(page.t("fields_caption"), [page.t("col_field"), page.t("col_value")], rows)))

        let face = result.faceMatch
        let band = face.threshold + MobileOutcomePolicy.faceReviewBand
        let liveness: HTML = result.liveness.attackSuspected == true
            ? "<span class=\"bad\">\(page.t("liveness_attack"))</span> (\(result.liveness.reasons.joined(separator: ", ")))"
            : page.text("liveness_ok")
        let facts: HTML = """
            <dt>\(page.t("face_distance"))</dt><dd class="\(face.match == true ? "good" : "bad")">\(face.distance.map(ReviewPage.figure) ?? "—")</dd>
            <dt>\(page.t("face_threshold"))</dt><dd>\(ReviewPage.figure(face.threshold))</dd>
            <dt>\(page.t("face_review_band"))</dt><dd>\(ReviewPage.figure(face.threshold)) – \(ReviewPage.figure(band))</dd>
            <dt>\(page.t("liveness"))</dt><dd>\(liveness)</dd>
            """
        sections.append(page.section("face", page.t("face_title"), page.facts(facts)))
        return sections
    }

    /// Each listed entry beside the person screened (`SanctionsCandidateSection`).
    private func sanctionsCandidates(_ result: MobileIdentityResult, _ page: ReviewPage) -> [HTML] {
        guard let screening = result.screening else { return [] }
        let person = SanctionsCandidateSection.Person(names: [screening.name], dateOfBirth: result.fields["date_of_birth"],
                                                      nationality: result.fields["nationality"])
        return screening.matches.enumerated().map { index, match in
            SanctionsCandidateSection(person: person, candidate: .init(match),
                                      entry: listed.first { $0.list == match.list && $0.id == match.entryID }).html(page, index: index)
        }
    }
}
