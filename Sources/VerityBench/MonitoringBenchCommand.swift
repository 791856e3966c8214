import ArgumentParser
import Fluent
import Foundation
import class Vapor.Application
import struct Vapor.Environment
import VerityCore
import VerityKernel
import VeritySanctions
import VerityStore

/// `make bench-sanctions`, second part: the `sanctions.rescreen` job as a
/// server runs it, on an SQLite database of 100,000 monitored subjects (each
/// sealed, each read and unsealed by the job), after the UN list's new version
/// adds, removes and changes entries. One in 2,000 subjects carries an added
/// entry's name: each must get its alert and its case.
struct MonitoringBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "monitoring", abstract: "The re-screen job over monitored subjects in a database.")

    @Option(help: "OFAC's sdn.csv.") var ofac: String
    @Option(help: "OFAC's alt.csv.") var alt: String
    @Option(help: "The UN's consolidated list (XML).") var un: String
    @Option(help: "Names of subjects, `locale<TAB>name` per line (tools/sanctions/ordinary-names.tsv).") var names: String
    @Option(help: "Monitored subjects in the database.") var subjects: Int = 100_000
    @Option(help: "Where the figures go as JSON.") var out: String

    struct Figures: Codable {
        var subjects = 0, writeSeconds = 0.0
        var changeAdded = 0, changeRemoved = 0, changeChanged = 0
        var jobSeconds = 0.0, screened = 0, alerts = 0, planted = 0, cases = 0
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-monitoring-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try await Application.make(Environment(name: "production", arguments: ["verity-bench"]))
        do {
            app.logger.logLevel = .warning
            try VerityDatabase.use(on: app.databases, postgresURL: nil, sqlitePath: (directory as NSString).appendingPathComponent("verity.sqlite"))
            app.migrations.add(VerityMigrations.all)
            try await VerityDatabase.prepare(app.databases, on: app.eventLoopGroup, logger: app.logger)
            try await app.autoMigrate()
            let figures = try await measure(app)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(figures).write(to: URL(fileURLWithPath: out))
            try await app.asyncShutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    func measure(_ app: Application) async throws -> Figures {
        var figures = Figures()
        let db = app.db
        let protector = try DataProtector(dataKey: Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
        let store = SanctionsRepository(db: db, protector: protector)
        let clock = VerityClock.system
        let ofacEntries = try OFACSupplements.join(sdn: String(contentsOfFile: ofac, encoding: .utf8), alt: String(contentsOfFile: alt, encoding: .utf8),
                                                   add: nil).entries
        let unEntries = try UNConsolidatedList.parse(xml: Array(try Data(contentsOf: URL(fileURLWithPath: un)))).entries
        // The change: the last twenty people listed are new; ten entries leave; ten gain an alias.
        let added = Array(unEntries.filter { $0.kind == .individual }.suffix(20))
        let addedIDs = Set(added.map(\.id))
        var after = unEntries
        after.removeFirst(10)
        for index in 10..<20 { after[index].aliases.append("Bench Alias \(index)") }
        try await store.replace(with: ofacEntries, source: "sdn.csv", now: clock.nowMillis())
        try await store.replace(with: unEntries.filter { !addedIDs.contains($0.id) }, list: .init(SanctionsListID.unConsolidated),
                                source: "un-before.xml", now: clock.nowMillis())

        let tenant = try await TenantRepository(db: db).ensureTenant(named: "bench", now: clock.nowMillis())
        guard let environment = try await TenantRepository(db: db).environment(tenantID: try tenant.requireID(), kind: .live) else {
            throw ValidationError("the bench tenant has no live environment")
        }
        let queries = try String(contentsOfFile: names, encoding: .utf8).split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) }
        var started = DispatchTime.now().uptimeNanoseconds
        for batch in stride(from: 0, to: subjects, by: 1_000) {
            try await db.write { tx in
                for index in batch..<min(batch + 1_000, subjects) {
                    let planted = index % 2_000 == 0 ? added.randomElement() : nil
                    let random = String(format: "%04d-%02d-%02d", Int.random(in: 1940...2006), Int.random(in: 1...12), Int.random(in: 1...28))
                    // A planted subject is the listed person: their name, and their date of birth when the list gives a whole one.
                    let listedBirth = planted?.datesOfBirth.first { $0.day != nil }?.description
                    let subject = planted.map { MonitoredSubject(name: $0.name, dateOfBirth: listedBirth) }
                        ?? MonitoredSubject(name: queries[index % queries.count], dateOfBirth: random)
                    // Each row its own person: the ordinary names repeat, and one row a name would leave a few thousand subjects.
                    let index = protector.blindIndex(subject.personKey + "#\(index)", domain: "sanctions-person")
                    try await MonitoredSubjectRepository.remember(subject, personIndex: index, tenantID: try tenant.requireID(),
                                                                  environmentID: try environment.requireID(),
                                                                  source: .init(kind: "verifycompliance", id: UUID()), sealer: protector,
                                                                  now: clock.nowMillis(), on: tx)
                }
            }
        }
        figures.writeSeconds = seconds(since: started)
        figures.subjects = subjects
        figures.planted = (subjects + 1_999) / 2_000

        let imported = try await store.replace(with: after, list: .init(SanctionsListID.unConsolidated), source: "un-after.xml", now: clock.nowMillis())
        (figures.changeAdded, figures.changeRemoved, figures.changeChanged) = (imported.diff.added.count, imported.diff.removed.count, imported.diff.changed.count)
        let job = MonitoringRescreen(db: db, clock: clock, protector: protector, screening: app.sanctionsScreening(pool: nil), wake: nil, logger: app.logger)
        started = DispatchTime.now().uptimeNanoseconds
        let outcome = try await job.rescreen(versionID: imported.version.id)
        figures.jobSeconds = seconds(since: started)
        (figures.screened, figures.alerts) = (outcome.screened, outcome.alerts)
        figures.cases = try await MonitoredSubjectRepository(db: db).alertsWithCase()
        return figures
    }

    func seconds(since started: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
}
