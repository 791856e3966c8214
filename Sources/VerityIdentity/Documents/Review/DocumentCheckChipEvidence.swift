import VerityCore
import VerityPages

/// The chip's section of a held document check: whether passive
/// authentication held, on which CSCA and Document Signer, each data group,
/// Active Authentication, and DG1 and DG2 against the page and the selfie.
enum DocumentCheckChipEvidence {
    static func section(_ chip: ChipReport, _ page: ReviewPage) -> HTML {
        var facts: HTML = """
            <dt>\(page.t("chip_authentic"))</dt><dd class="\(chip.authentic ? "good" : "bad")">\(page.t(chip.authentic ? "chip_yes" : "chip_no"))</dd>
            <dt>\(page.t("chip_reasons"))</dt><dd>\(page.codes(chip.reasons.map(\.rawValue)))</dd>
            <dt>\(page.t("chip_signature"))</dt><dd class="\(chip.securityObject.signatureValid ? "good" : "bad")">\
            \(page.t(chip.securityObject.signatureValid ? "chip_valid" : "chip_invalid"))\
            \(chip.securityObject.signatureAlgorithm.map { " · \($0)" } ?? "")</dd>
            <dt>\(page.t("chip_chain"))</dt><dd><code>\(chip.chain)</code></dd>
            """
        if let csca = chip.csca { facts += "<dt>\(page.t("chip_csca"))</dt><dd><bdi>\(csca.subject)</bdi> · \(csca.key)</dd>" }
        if let signer = chip.documentSigner {
            facts += "<dt>\(page.t("chip_signer"))</dt><dd><bdi>\(signer.subject)</bdi> · \(signer.key) · \(ReviewPage.time(signer.notAfterEpochMs))</dd>"
        }
        facts += "<dt>\(page.t("chip_revocation"))</dt><dd>\(page.t(chip.revocation.checked ? (chip.revocation.revoked ? "chip_revoked" : "chip_not_revoked") : "chip_no_list"))</dd>"
        facts += "<dt>\(page.t("chip_active_authentication"))</dt><dd><code>\(chip.activeAuthentication)</code></dd>"
        if let mrz = chip.mrz {
            facts += """
                <dt>\(page.t("chip_mrz"))</dt><dd class="\(mrz.mismatchedFields.isEmpty ? "good" : "bad")">\
                \(mrz.mismatchedFields.isEmpty ? page.text("chip_mrz_same") : page.codes(mrz.mismatchedFields))</dd>
                """
        }
        if let face = chip.face {
            for (key, match) in [("chip_face_selfie", face.selfie), ("chip_face_portrait", face.printedPortrait)] {
                guard let match else { continue }
                facts += "<dt>\(page.t(key))</dt><dd class=\"\(match.match == true ? "good" : "bad")\"><bdi dir=\"ltr\">\(match.distance.map(ReviewPage.figure) ?? "—") / \(ReviewPage.figure(match.threshold))</bdi></dd>"
            }
        }
        let rows = chip.dataGroups.map { group -> HTML in
            "<tr><th scope=\"row\">DG\(group.number)</th><td class=\"\(group.status == "verified" ? "good" : group.status == "not_read" ? "" : "bad")\"><code>\(group.status)</code></td></tr>"
        }.joined()
        return page.section("chip", page.t("chip_title"),
                            page.facts(facts) + page.table(page.t("chip_groups_caption"), [page.t("chip_col_group"), page.t("col_result")], rows))
    }
}
