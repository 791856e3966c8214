import VerityCore
import VerityKernel
import VerityPages

/// A monitoring alert as its case page shows it: the check that screened the
/// person, how long they have been monitored, whether the entry is still
/// listed, and the person beside the entry as it was listed when found.
struct MonitoringReviewEvidence: ReviewEvidence {
    let alertState: String
    let source: String
    let sourceReference: String
    let monitoredSince: Int64
    let lastScreened: Int64
    let foundAt: Int64
    let person: MonitoredSubject
    let finding: MonitoringFinding

    /// The subject of a VerifyCompliance session names no user.
    var namesUser: Bool { source != "verifycompliance" }

    func facts(_ page: ReviewPage) -> HTML {
        """
        <dt>\(page.t("monitoring_source"))</dt><dd>\(page.t("monitoring_source_\(source)")) <code>\(sourceReference)</code></dd>
        <dt>\(page.t("monitoring_since"))</dt><dd>\(ReviewPage.time(monitoredSince))</dd>
        <dt>\(page.t("monitoring_last_screened"))</dt><dd>\(ReviewPage.time(lastScreened))</dd>
        <dt>\(page.t("monitoring_found"))</dt><dd>\(ReviewPage.time(foundAt))</dd>
        <dt>\(page.t("monitoring_alert_state"))</dt><dd class="\(alertState == "delisted" ? "good" : "")">\(page.t("monitoring_state_\(alertState)"))</dd>
        """
    }

    func sections(_ page: ReviewPage) -> [HTML] {
        let screened = SanctionsCandidateSection.Person(names: [person.name] + person.aliases, dateOfBirth: person.dateOfBirth,
                                                        nationality: person.nationality)
        return [SanctionsCandidateSection(person: screened, candidate: .init(finding.match), entry: finding.entry).html(page, index: 0)]
    }
}
