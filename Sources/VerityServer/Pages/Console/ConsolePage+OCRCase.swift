import Foundation
import VerityAPI
import VerityCore

extension ConsolePage {
    /// A held OCR combination: the card's sides, each field as combined, the
    /// fields marked for review, and the fraud and anomaly zones.
    func ocrEvidence(_ file: ConsoleCases.File, _ ocr: ConsoleCases.OCREvidence) -> [String] {
        var sections: [String] = []
        sections.append(imagesSection(file, ocr.images))
        guard let result = ocr.result else {
            sections.append(section("fields", t("fields_title"), "<p>\(t("images_gone"))</p>"))
            return sections
        }
        let marked = Set(result.documentVerificationPlus.reviewRequired ?? [])
        let fields = Self.ocrFields(result)
        // The policy names fields as the engines do (`front_nid`); the wire, in camel case (`frontNid`).
        func snake(_ name: String) -> String {
            name.replacingOccurrences(of: "([a-z])([A-Z])", with: "$1_$2", options: .regularExpression).lowercased()
        }
        let flag = " <strong class=\"bad\">\(t("ocr_marked"))</strong>"
        var rows = fields.map { name, value -> String in
            let isMarked = marked.contains(name) || marked.contains(snake(name))
            return "<tr><th scope=\"row\"><code>\(Self.escape(name))</code>\(isMarked ? flag : "")</th><td><bdi>\(Self.escape(value))</bdi></td></tr>"
        }.joined()
        // A marked field the card did not give up is a row too: the reviewer reads it off the image.
        let read = Set(fields.map { snake($0.0) })
        rows += marked.subtracting(read).sorted().map { name -> String in
            "<tr><th scope=\"row\"><code>\(Self.escape(name))</code>\(flag)</th><td class=\"muted\">\(t("ocr_not_read"))</td></tr>"
        }.joined()
        let markedList: String = marked.isEmpty ? t("none") : marked.sorted().map { "<code>\(Self.escape($0))</code>" }.joined(separator: ", ")
        let plus = result.documentVerificationPlus
        let facts = """
            <dt>\(t("ocr_combination"))</dt><dd><code>\(Self.escape(ocr.combinationID))</code></dd>
            <dt>\(t("ocr_combined"))</dt><dd>\(ocr.combinedAt.map(Self.time) ?? "—")</dd>
            <dt>\(t("ocr_root_of_trust"))</dt><dd>\(t(result.isRootOfTrustCompatible ? "yes" : "no"))</dd>
            <dt>\(t("ocr_confidence"))</dt><dd>\(plus.frontConfidence)% · \(plus.backConfidence)%</dd>
            <dt>\(t("fraud_zone"))</dt><dd>\(result.advancedConfidence?.fraudDetectionZone.map(String.init) ?? "—")</dd>
            <dt>\(t("ocr_anomaly_zone"))</dt><dd>\(result.advancedConfidence?.anomalyDetectionZone.map(String.init) ?? "—")</dd>
            """
        sections.append(section("fields", t("fields_title"),
                                "<dl class=\"facts\">\(facts)</dl><p><strong>\(t("review_fields")):</strong> \(markedList)</p>"
                                    + table(t("fields_caption"), [t("col_field"), t("col_value")], rows)))
        return sections
    }

    /// The combined result's text fields, by their wire names, in the card's order.
    static func ocrFields(_ result: OCRResult) -> [(String, String)] {
        [("firstName", result.firstName), ("fullName", result.fullName), ("dateOfBirth", result.dateOfBirth),
         ("age", result.age.map(String.init)), ("gender", result.gender), ("religion", result.religion),
         ("maritalStatus", result.maritalStatus), ("husbandName", result.husbandName), ("street", result.street),
         ("policeStation", result.policeStation), ("governorate", result.governorate), ("birthGovernorate", result.birthGovernorate),
         ("profession", result.profession), ("releaseDate", result.releaseDate), ("expiryDate", result.expiryDate),
         ("serialNumber", result.serialNumber), ("frontNid", result.frontNid), ("backNid", result.backNid)]
            .compactMap { name, value in value.map { (name, $0) } }
    }
}
