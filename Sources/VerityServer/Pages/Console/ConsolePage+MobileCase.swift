import Foundation
import VerityAPI
import VerityCore

extension ConsolePage {
    /// A mobile session's evidence: the images while kept, the fields read,
    /// the face against its threshold, and for a sanctions candidate each
    /// listed entry beside the person screened.
    func mobileEvidence(_ file: ConsoleCases.File, _ mobile: ConsoleCases.MobileEvidence) -> [String] {
        var sections: [String] = []
        sections.append(imagesSection(file, mobile.images))
        guard let result = mobile.result else {
            sections.append(section("fields", t("fields_title"), "<p>\(t("mobile_result_gone"))</p>"))
            return sections
        }
        if file.kind == .sanctionsCandidate { sections += sanctionsCandidates(result, listed: mobile.listed) }

        let rows = result.fields.sorted { $0.key < $1.key }.map { name, value -> String in
            "<tr><th scope=\"row\"><code>\(Self.escape(name))</code></th><td><bdi>\(Self.escape(value))</bdi></td></tr>"
        }.joined()
        let document = "<p>\(t("doc_\(result.documentType)")) · \(Self.escape(result.country))</p>"
        sections.append(section("fields", t("fields_title"), document + table(t("fields_caption"), [t("col_field"), t("col_value")], rows)))

        let face = result.faceMatch
        let band = face.threshold + MobileOutcomePolicy.faceReviewBand
        let facts = """
            <dt>\(t("face_distance"))</dt><dd class="\(face.match == true ? "good" : "bad")">\(face.distance.map(Self.figure) ?? "—")</dd>
            <dt>\(t("face_threshold"))</dt><dd>\(Self.figure(face.threshold))</dd>
            <dt>\(t("face_review_band"))</dt><dd>\(Self.figure(face.threshold)) – \(Self.figure(band))</dd>
            <dt>\(t("liveness"))</dt><dd>\(result.liveness.attackSuspected == true ? "<span class=\"bad\">\(t("liveness_attack"))</span> (\(Self.escape(result.liveness.reasons.joined(separator: ", "))))" : t("liveness_ok"))</dd>
            """
        sections.append(section("face", t("face_title"), "<dl class=\"facts\">\(facts)</dl>"))
        return sections
    }

    /// Each listed entry beside the person: every name, date of birth and
    /// nationality on both sides, and why the matcher scored it.
    private func sanctionsCandidates(_ result: MobileIdentityResult, listed: [SanctionsEntry]) -> [String] {
        guard let screening = result.screening else { return [] }
        let person = (name: screening.name, birth: result.fields["date_of_birth"] ?? "—", nationality: result.fields["nationality"] ?? "—")
        return screening.matches.enumerated().map { index, match -> String in
            let entry = listed.first { $0.id == match.entryID }
            func list(_ values: [String]) -> String {
                values.isEmpty ? "—" : values.map { "<bdi>\(Self.escape($0))</bdi>" }.joined(separator: "<br>")
            }
            let names = entry.map { [$0.name] + $0.aliases + $0.weakAliases.map { "\($0) (\(t("weak_alias")))" } } ?? [match.listedName]
            let rows = [
                (t("sanctions_name"), "<bdi>\(Self.escape(person.name))</bdi>", list(names)),
                (t("sanctions_birth"), "<bdi>\(Self.escape(person.birth))</bdi>", list(entry?.datesOfBirth.map(\.description) ?? [])),
                (t("sanctions_nationality"), "<bdi>\(Self.escape(person.nationality))</bdi>", list(entry?.nationalities ?? [])),
                (t("sanctions_kind"), "—", Self.escape(match.kind)),
                (t("sanctions_programs"), "—", list(match.programs)),
            ].map { row -> String in "<tr><th scope=\"row\">\(row.0)</th><td>\(row.1)</td><td>\(row.2)</td></tr>" }.joined()
            let birth = match.dateOfBirth.map { t("birth_\($0)") } ?? t("birth_unknown")
            let why = """
                <dl class="facts">
                <dt>\(t("sanctions_score"))</dt><dd>\(Self.figure(match.score))</dd>
                <dt>\(t("sanctions_matched_name"))</dt><dd><bdi>\(Self.escape(match.matchedName))</bdi></dd>
                <dt>\(t("sanctions_birth_agreement"))</dt><dd>\(birth)</dd>
                <dt>\(t("sanctions_reasons"))</dt><dd>\(match.reasons.map { Self.escape($0) }.joined(separator: "; "))</dd>
                </dl>
                """
            let caption = t("sanctions_caption").replacingOccurrences(of: "%@", with: String(match.entryID))
            return section("candidate-\(index)", t("sanctions_title").replacingOccurrences(of: "%@", with: String(match.entryID)),
                           table(caption, ["", t("sanctions_person"), t("sanctions_entry")], rows) + why)
        }
    }
}
