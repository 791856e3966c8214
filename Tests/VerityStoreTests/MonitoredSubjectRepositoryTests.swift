import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityStoreTestSupport

/// The people an environment keeps screening, on SQLite and PostgreSQL: one
/// row a person, sealed; an entry alerts once per content; a removed entry's
/// alerts are noted as delisted; subjects past their monitoring go.
@Suite("Monitored subjects")
struct MonitoredSubjectRepositoryTests {
    @Test func aSubjectIsOneSealedRowAPersonAndAnEntryAlertsOncePerContent() async throws {
        try await withStoreDatabase { store async throws in
            let (tenant, environment) = (UUID(), UUID())
            let subject = MonitoredSubject(name: "JOHN SMITH", dateOfBirth: "1975-02-28", nationality: "US")
            let index = store.protector.blindIndex(subject.personKey, domain: "sanctions-person")
            for (at, source) in [(Int64(1_000), UUID()), (2_000, UUID())] {
                try await store.db.write { tx in
                    try await MonitoredSubjectRepository.remember(subject, personIndex: index, tenantID: tenant, environmentID: environment,
                                                                  source: .init(kind: "verifycompliance", id: source), sealer: store.protector,
                                                                  now: at, on: tx)
                }
            }
            let repository = MonitoredSubjectRepository(db: store.db)
            let rows = try await repository.page(after: nil, limit: 10)
            #expect(rows.count == 1 && rows[0].createdAt == 1_000 && rows[0].lastSeenAt == 2_000)
            let opened = try store.protector.open(json: MonitoredSubject.self, from: rows[0].sealedSubject, at: .of(.monitoredSubject, rows[0].id))
            #expect(opened == subject)
            #expect(try await DatabaseText.count(store, "SELECT COUNT(*) AS n FROM monitored_subjects WHERE person_index LIKE '%SMITH%'") == 0)
            // An entry alerts once; the same entry with other content again; a removed entry's alerts are delisted.
            let version = UUID()
            let entry = SanctionsEntry(list: "un-consolidated", id: 7, reference: "QDi.007", name: "SMITH, John", kind: .individual)
            let finding = MonitoringFinding(match: .init(list: "un-consolidated", entryID: 7, reference: "QDi.007", listedName: entry.name,
                                                         matchedName: entry.name, kind: .individual, programs: ["Al-Qaida"], score: 0.97,
                                                         reasons: ["name 0.97"]), entry: entry)
            func alert(_ fingerprint: String, at now: Int64) async throws -> UUID? {
                try await store.db.write { tx in
                    try await MonitoredSubjectRepository.alert(subject: rows[0], finding: finding, fingerprint: fingerprint, versionID: version,
                                                               sealer: store.protector, now: now, on: tx)
                }
            }
            let first = try await alert("a", at: 3_000), again = try await alert("a", at: 3_001), changed = try await alert("b", at: 3_002)
            #expect(first != nil && again == nil && changed != nil)
            // What was found is sealed with the alert, and read back whole for the reviewer.
            let firstID = try #require(first), changedID = try #require(changed)
            let found = try #require(try await repository.alert(id: firstID, environmentID: environment))
            #expect(try store.protector.open(json: MonitoringFinding.self, from: found.alert.sealedFound, at: .of(.monitoringFinding, firstID)) == finding)
            #expect(try await repository.alert(id: firstID, environmentID: UUID()) == nil)
            #expect(try await DatabaseText.holds(store, Data("SMITH, John".utf8)) == false)
            // A reviewer answers an alert once.
            func settle(_ state: MonitoringAlertState, at now: Int64) async throws -> Bool {
                try await store.db.write { tx in try await MonitoredSubjectRepository.settle(alertID: changedID, to: state, now: now, on: tx) }
            }
            #expect(try await settle(.cleared, at: 3_500))
            #expect(try await settle(.confirmed, at: 3_600) == false)
            let delisted = try await store.db.write { tx in
                try await MonitoredSubjectRepository.delisted(list: "un-consolidated", entryIDs: [7], now: 4_000, on: tx)
            }
            // The cleared one stays cleared.
            #expect(delisted.count == 1 && delisted.allSatisfy { $0.state == .delisted })
            // Past its monitoring, the subject goes with its alerts.
            #expect(try await repository.purge(environmentID: environment, lastSeenBefore: 1_500) == 0)
            #expect(try await repository.purge(environmentID: environment, lastSeenBefore: 2_500) == 1)
            #expect(try await DatabaseText.count(store, "SELECT COUNT(*) AS n FROM monitoring_alerts") == 0)
        }
    }
}
