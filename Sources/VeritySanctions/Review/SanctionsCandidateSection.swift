import VerityAPI
import VerityCore
import VerityPages

/// A listed entry beside the person it was matched with, as every sanctions
/// case shows it (a VerifyCompliance session's candidate, a monitoring
/// alert): every name, date of birth and nationality on both sides, the
/// list and its version, and why the matcher scored it so. The words are
/// `SanctionsReviewWords`.
package struct SanctionsCandidateSection: Sendable {
    /// The person screened, as the check read them.
    package struct Person: Sendable {
        package let names: [String]
        package let dateOfBirth: String?
        package let nationality: String?

        package init(names: [String], dateOfBirth: String?, nationality: String?) {
            (self.names, self.dateOfBirth, self.nationality) = (names, dateOfBirth, nationality)
        }
    }

    /// What the matcher said, in either of its spellings (the engine's, the wire's).
    package struct Candidate: Sendable {
        let list: String
        let version: SanctionsListVersion?
        let reference: String
        let listedName: String
        let matchedName: String
        let kind: String
        let programs: [String]
        let score: Double
        let reasons: [String]
        /// `agrees`, `withinAYear`, `differs`; nil when either side has no date of birth.
        let dateOfBirth: String?

        package init(_ match: SanctionsMatcher.Match) {
            (list, version, reference, listedName, matchedName) = (match.list, match.listVersion, match.reference, match.listedName, match.matchedName)
            (kind, programs, score, reasons, dateOfBirth) = (match.kind.rawValue, match.programs, match.score, match.reasons, match.dateOfBirth?.rawValue)
        }

        package init(_ match: MobileIdentityResult.SanctionsMatch) {
            (list, reference, listedName, matchedName) = (match.list, match.reference, match.listedName, match.matchedName)
            version = match.listVersion.map { SanctionsListVersion(published: $0.published, sha256: $0.sha256) }
            (kind, programs, score, reasons, dateOfBirth) = (match.kind, match.programs, match.score, match.reasons, match.dateOfBirth)
        }
    }

    let person: Person
    let candidate: Candidate
    /// The entry as listed when it was matched; nil when no longer known.
    let entry: SanctionsEntry?

    package init(person: Person, candidate: Candidate, entry: SanctionsEntry?) {
        (self.person, self.candidate, self.entry) = (person, candidate, entry)
    }

    /// The section, `index` telling several on one page apart.
    package func html(_ page: ReviewPage, index: Int) -> HTML {
        func list(_ values: [String]) -> HTML {
            values.isEmpty ? "—" : values.map { value -> HTML in "<bdi>\(value)</bdi>" }.joined(separator: "<br>")
        }
        let names = entry.map { [$0.name] + $0.aliases + $0.weakAliases.map { "\($0) (\(page.t("weak_alias")))" } } ?? [candidate.listedName]
        let version: HTML = candidate.version.map { "<br><bdi>\($0.description)</bdi>" } ?? .empty
        let rows: [(String, HTML, HTML)] = [
            (page.t("sanctions_name"), list(person.names), list(names)),
            (page.t("sanctions_birth"), "<bdi>\(person.dateOfBirth ?? "—")</bdi>", list(entry?.datesOfBirth.map(\.description) ?? [])),
            (page.t("sanctions_nationality"), "<bdi>\(person.nationality ?? "—")</bdi>", list(entry?.nationalities ?? [])),
            (page.t("sanctions_kind"), "—", .text(candidate.kind)),
            (page.t("sanctions_programs"), "—", list(candidate.programs)),
            (page.t("sanctions_list"), "—", "<bdi>\(SanctionsListID.title(candidate.list))</bdi>" + version),
        ] + (entry?.note.map { [(page.t("sanctions_note"), "—", "<bdi>\($0)</bdi>")] } ?? [])
        let table = rows.map { row -> HTML in "<tr><th scope=\"row\">\(row.0)</th><td>\(row.1)</td><td>\(row.2)</td></tr>" }.joined()
        let birth = candidate.dateOfBirth.map { page.t("birth_\($0)") } ?? page.t("birth_unknown")
        let why: HTML = """
            <dl class="facts">
            <dt>\(page.t("sanctions_score"))</dt><dd>\(ReviewPage.figure(candidate.score))</dd>
            <dt>\(page.t("sanctions_matched_name"))</dt><dd><bdi>\(candidate.matchedName)</bdi></dd>
            <dt>\(page.t("sanctions_birth_agreement"))</dt><dd>\(birth)</dd>
            <dt>\(page.t("sanctions_reasons"))</dt><dd>\(candidate.reasons.joined(separator: "; "))</dd>
            </dl>
            """
        // The entry as its list names it: "UN Security Council Consolidated List QDi.006".
        let named = SanctionsListID.title(candidate.list) + " " + candidate.reference
        let caption = page.t("sanctions_caption").replacingOccurrences(of: "%@", with: named)
        return page.section("candidate-\(index)", page.t("sanctions_title").replacingOccurrences(of: "%@", with: named),
                            page.table(caption, ["", page.t("sanctions_person"), page.t("sanctions_entry")], table) + why)
    }

    /// The audit line's list of entries decided on, each with the list version it was matched in:
    /// ` [entries ofac-sdn 99 @ sha256:…]`; empty for none.
    package static func auditDetail(_ candidates: [Candidate]) -> String {
        candidates.isEmpty ? "" : " [entries " + candidates.map { candidate in
            "\(candidate.list) \(candidate.reference)" + (candidate.version.map { " @ \($0.description)" } ?? "")
        }.joined(separator: ", ") + "]"
    }
}
