import Fluent
import Foundation
import Vapor
import VerityCore
import VerityEnginePool
import VerityStore
import VerityKernel

/// The matcher over the current public lists (OFAC's, the UN's, BIS's: every
/// one imported), built once per set of list versions and shared by every
/// request of one application (a new import is picked up on the next screen;
/// screens go on against the old matcher while the new one builds). One per application (`Application.sanctionsScreening`),
/// never per process: two applications (tests, a CLI beside a server) have two
/// databases, and their lists may carry the same version.
package actor SanctionsScreening {
    /// Where the matcher is built and names are screened: the engine pool in a
    /// server (an index build takes about a second of CPU, and must not hold an
    /// event loop); nil in a CLI run, where nothing else shares the thread.
    let pool: EnginePool?

    package init(pool: EnginePool?) { self.pool = pool }

    /// The build for the list versions named by `key`: requests that arrive
    /// while it runs share it instead of starting their own.
    private var building: (key: String, task: Task<SanctionsMatcher, any Error>)?
    /// The newest matcher built, which screens while a newer one builds.
    private var ready: (key: String, matcher: SanctionsMatcher)?
    /// Each tenant's watchlists' matcher, by the versions it was built from (`SanctionsScreening+Watchlists`).
    var watchlists: [UUID: (key: String, matcher: SanctionsMatcher)] = [:]

    /// The matcher, or `SERVICE_UNAVAILABLE` when no list was imported: a
    /// compliance check without a list would pass everyone. When a list has a
    /// new version, the matcher before it answers until the new one is built
    /// (each match names the version it was made in, and monitoring screens
    /// every subject against what changed); only the first build is waited for.
    package func matcher(db: any Database) async throws -> SanctionsMatcher {
        let (key, statuses) = try await current(db: db)
        if let ready, ready.key == key { return ready.matcher }
        let task = build(key, statuses, db: db)
        if let ready { return ready.matcher }
        return try await task.value
    }

    /// Builds the matcher for the lists as they now stand and waits for it: an
    /// import in this process calls it, so its next screen uses the new version.
    package func refresh(db: any Database) async throws {
        let (key, statuses) = try await current(db: db)
        if ready?.key != key { _ = try await build(key, statuses, db: db).value }
    }

    /// The lists' versions as one key; `SERVICE_UNAVAILABLE` when there is none.
    private func current(db: any Database) async throws -> (String, [SanctionsRepository.Status]) {
        let statuses = try await SanctionsRepository(db: db).statuses()
        guard !statuses.isEmpty else {
            throw VerityError(.serviceUnavailable, "no sanctions list is imported on this server (verity sanctions import sdn.csv); nothing was charged")
        }
        // Each list's version is its import's time; with its source and size it names one list.
        return (statuses.map { "\($0.list)|\($0.version)|\($0.source)|\($0.entries)" }.joined(separator: ";"), statuses)
    }

    private func build(_ key: String, _ statuses: [SanctionsRepository.Status], db: any Database) -> Task<SanctionsMatcher, any Error> {
        if let building, building.key == key { return building.task }
        let pool = self.pool
        let versions = Dictionary(statuses.compactMap { status in status.listVersion.map { (status.list, $0) } }, uniquingKeysWith: { first, _ in first })
        let task = Task {
            do {
                let entries = try await SanctionsRepository(db: db).current(statuses.map { SanctionsRepository.ListKey($0.list) })
                let matcher = try await Self.run(on: pool) { SanctionsMatcher(entries: entries, versions: versions) }
                self.install(key, matcher)
                return matcher
            } catch {
                self.failed(key)   // the next screen tries again
                throw error
            }
        }
        building = (key, task)
        return task
    }

    private func install(_ key: String, _ matcher: SanctionsMatcher) {
        ready = (key, matcher)
        if building?.key == key { building = nil }
    }

    private func failed(_ key: String) { if building?.key == key { building = nil } }
}

extension SanctionsScreening {
    /// `query` screened with the current matcher, on the pool.
    package func screen(_ query: SanctionsMatcher.Query, db: any Database) async throws -> [SanctionsMatcher.Match] {
        let matcher = try await matcher(db: db)
        return try await Self.run(on: pool) { matcher.screen(query) }
    }

    /// `query` screened, with the listed entries behind its matches: against
    /// the public lists, and the watchlists of `tenant` when given.
    package func screenWithEntries(_ query: SanctionsMatcher.Query, db: any Database, tenant: TenantLists? = nil) async throws
        -> (matches: [SanctionsMatcher.Match], entries: [SanctionsEntry]) {
        let matcher = try await matcher(db: db)
        var own: SanctionsMatcher?
        if let tenant { own = try await watchlistMatcher(tenant, weighing: matcher, db: db) }
        return try await Self.run(on: pool) { [own] in
            let matches = SanctionsMatcher.ordered(matcher.screen(query) + (own?.screen(query) ?? []))
            return (matches, matcher.entries(of: matches) + (own?.entries(of: matches) ?? []))
        }
    }

    static func run<T: Sendable>(on pool: EnginePool?, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard let pool else { return try work() }
        return try await pool.run(work)
    }
}

/// Builds the matcher when the server starts, so the first compliance check
/// does not wait for it (about a second for OFAC's list).
package struct SanctionsWarmUp: LifecycleHandler {
    let screening: SanctionsScreening
    let db: any Database

    package func didBoot(_ application: Application) throws {
        let (screening, db) = (screening, db)
        Task { _ = try? await screening.matcher(db: db) }
    }

    package init(screening: SanctionsScreening, db: any Database) {
        self.screening = screening
        self.db = db
    }
}

extension Application {
    private struct SanctionsScreeningKey: StorageKey { typealias Value = SanctionsScreening }

    /// This application's sanctions matcher cache, made on first use; its
    /// work runs on `pool` (the server's engine pool; nil outside a server).
    package func sanctionsScreening(pool: EnginePool?) -> SanctionsScreening {
        if let existing = storage[SanctionsScreeningKey.self] { return existing }
        let made = SanctionsScreening(pool: pool)
        storage[SanctionsScreeningKey.self] = made
        return made
    }
}
