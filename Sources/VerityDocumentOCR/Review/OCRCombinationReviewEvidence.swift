import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages

/// A held OCR combination: the card's sides, each field as combined, the
/// fields marked for review, and the fraud and anomaly zones.
struct OCRCombinationReviewEvidence: ReviewEvidence {
    let combinationID: String
    let combinedAt: Int64?
    /// Nil once the case is decided (the combination keeps it until then).
    let result: OCRResult?
    let images: [ReviewImageSide]

    var namesUser: Bool { true }

    func facts(_ page: ReviewPage) -> HTML { .empty }

    func sections(_ page: ReviewPage) -> [HTML] {
        var sections = [page.images(images)]
        guard let result else {
            sections.append(page.section("fields", page.t("fields_title"), "<p>\(page.t("images_gone"))</p>"))
            return sections
        }
        let marked = Set(result.documentVerificationPlus.reviewRequired ?? [])
        let fields = Self.fields(result)
        // The policy names fields as the engines do (`front_nid`); the wire, in camel case (`frontNid`).
        func snake(_ name: String) -> String {
            name.replacingOccurrences(of: "([a-z])([A-Z])", with: "$1_$2", options: .regularExpression).lowercased()
        }
        let flag: HTML = " <strong class=\"bad\">\(page.t("ocr_marked"))</strong>"
        var rows = fields.map { name, value -> HTML in
            let isMarked = marked.contains(name) || marked.contains(snake(name))
            return "<tr><th scope=\"row\"><code>\(name)</code>\(isMarked ? flag : .empty)</th><td><bdi>\(value)</bdi></td></tr>"
        }.joined()
        // A marked field the card did not give up is a row too: the reviewer reads it off the image.
        let read = Set(fields.map { snake($0.0) })
        rows += marked.subtracting(read).sorted().map { name -> HTML in
            "<tr><th scope=\"row\"><code>\(name)</code>\(flag)</th><td class=\"muted\">\(page.t("ocr_not_read"))</td></tr>"
        }.joined()
        let plus = result.documentVerificationPlus
        let facts: HTML = """
            <dt>\(page.t("ocr_combination"))</dt><dd><code>\(combinationID)</code></dd>
            <dt>\(page.t("ocr_combined"))</dt><dd>\(combinedAt.map(ReviewPage.time) ?? "—")</dd>
            <dt>\(page.t("ocr_root_of_trust"))</dt><dd>\(page.t(result.isRootOfTrustCompatible ? "yes" : "no"))</dd>
            <dt>\(page.t("ocr_confidence"))</dt><dd>\(plus.frontConfidence)% · \(plus.backConfidence)%</dd>
            <dt>\(page.t("fraud_zone"))</dt><dd>\(result.advancedConfidence?.fraudDetectionZone.map(String.init) ?? "—")</dd>
            <dt>\(page.t("ocr_anomaly_zone"))</dt><dd>\(result.advancedConfidence?.anomalyDetectionZone.map(String.init) ?? "—")</dd>
            """
        sections.append(page.section("fields", page.t("fields_title"),
                                     page.facts(facts) + "<p><strong>\(page.t("review_fields")):</strong> \(page.codes(marked.sorted()))</p>"
                                         + page.table(page.t("fields_caption"), [page.t("col_field"), page.t("col_value")], rows)))
        return sections
    }

    /// The combined result's text fields, by their wire names, in the card's order.
    static func fields(_ result: OCRResult) -> [(String, String)] {
        [("firstName", result.firstName), ("fullName", result.fullName), ("dateOfBirth", result.dateOfBirth),
         ("age", result.age.map(String.init)), ("gender", result.gender), ("religion", result.religion),
         ("maritalStatus", result.maritalStatus), ("husbandName", result.husbandName), ("street", result.street),
         ("policeStation", result.policeStation), ("governorate", result.governorate), ("birthGovernorate", result.birthGovernorate),
         ("profession", result.profession), ("releaseDate", result.releaseDate), ("expiryDate", result.expiryDate),
         ("serialNumber", result.serialNumber), ("frontNid", result.frontNid), ("backNid", result.backNid)]
            .compactMap { name, value in value.map { (name, $0) } }
    }
}
