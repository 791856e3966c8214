import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VeritySanctions

extension VerifyIdentityService {
    struct Screened {
        let name: String
        let matches: [SanctionsMatcher.Match]
        let entries: [SanctionsEntry]
        let personIndex: String?
        /// The person as screened, kept under monitoring when the session ends.
        var subject: MonitoredSubject? = nil

        /// What the session's end keeps under screening.
        var monitored: (subject: MonitoredSubject, personIndex: String)? {
            guard let subject, let personIndex else { return nil }
            return (subject, personIndex)
        }
    }

    /// VerifyCompliance: the identity read from the document (given names and
    /// surname, date of birth, nationality) against the sanctions list, less
    /// the entries a reviewer has cleared this person of (while unchanged).
    func screen(_ report: DocumentReport, tenantID: UUID, lists: Set<String>?, db: any Database) async throws -> Screened {
        let name = [report.field("given_names")?.value, report.field("surname")?.value].compactMap { $0 }.joined(separator: " ")
        let printedBirth = report.field("date_of_birth")?.value
        let birth = printedBirth.flatMap { try? DateOfBirth.parse($0, today: clock.today(graceDays: 1)) }
        let nationality = report.field("nationality").flatMap { ICAOCountryCode.alpha2($0.value) }
        // Without a name there is nothing to screen, but a list must still be there to screen against.
        guard !name.isEmpty else { _ = try await screening.matcher(db: db); return Screened(name: name, matches: [], entries: [], personIndex: nil) }
        let found = try await screening.screenWithEntries(.init(name: name, dateOfBirth: birth, nationality: nationality, lists: lists), db: db,
                                                          tenant: TenantLists(tenantID: tenantID, protector: protector))
        // Clearances made before a rotation of the derived keys hold while its window lasts.
        let personIndexes = protector.blindIndexes(SanctionsPerson.key(name: name, dateOfBirth: printedBirth), domain: "sanctions-person",
                                                   now: clock.nowMillis())
        let personIndex = personIndexes[0]
        let subject = MonitoredSubject(name: name, dateOfBirth: printedBirth, nationality: nationality)
        guard !found.matches.isEmpty else { return Screened(name: name, matches: [], entries: [], personIndex: personIndex, subject: subject) }
        var cleared: Set<SanctionsClearanceRepository.Cleared> = []
        for index in personIndexes {
            cleared.formUnion(try await SanctionsClearanceRepository(db: db).clearances(tenantID: tenantID, personIndex: index))
        }
        let stillListed = try found.entries.filter {
            !cleared.contains(.init(entryID: $0.id, fingerprint: try SanctionsClearanceRepository.fingerprint($0)))
        }
        let keys = Set(stillListed.map { SanctionsMatcher.Key(list: $0.list, id: $0.id) })
        return Screened(name: name, matches: found.matches.filter { keys.contains(.init(list: $0.list, id: $0.entryID)) }, entries: stillListed,
                        personIndex: personIndex, subject: subject)
    }
}

extension MobileIdentityResult.SanctionsMatch {
    /// A `SanctionsMatcher.Match` as the mobile wire writes it.
    init(_ match: SanctionsMatcher.Match) {
        self.init(list: match.list, listVersion: match.listVersion.map { .init(published: $0.published, sha256: $0.sha256) },
                  entryID: match.entryID, reference: match.reference, listedName: match.listedName, matchedName: match.matchedName, kind: match.kind.rawValue,
                  programs: match.programs, score: match.score, reasons: match.reasons, dateOfBirth: match.dateOfBirth?.rawValue)
    }
}
