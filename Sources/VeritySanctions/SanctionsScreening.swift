import Fluent
import Foundation
import Vapor
import VerityCore
import VerityEnginePool
import VerityStore
import VerityKernel

/// The matcher over the current sanctions list, built once per list version
/// and shared by every request of one application (a new import is picked up
/// on the next screen). One per application (`Application.sanctionsScreening`),
/// never per process: two applications (tests, a CLI beside a server) have two
/// databases, and their lists may carry the same version.
package actor SanctionsScreening {
    /// Where the matcher is built and names are screened: the engine pool in a
    /// server (an index build takes about a second of CPU, and must not hold an
    /// event loop); nil in a CLI run, where nothing else shares the thread.
    private let pool: EnginePool?

    package init(pool: EnginePool?) { self.pool = pool }

    /// The build for the list version named by `key`: requests that arrive
    /// while it runs wait for the same build instead of starting their own.
    private var cached: (key: String, build: Task<SanctionsMatcher, any Error>)?

    /// The matcher, or `SERVICE_UNAVAILABLE` when no list was imported: a
    /// compliance check without a list would pass everyone.
    package func matcher(db: any Database) async throws -> SanctionsMatcher {
        let repository = SanctionsRepository(db: db)
        guard let status = try await repository.status() else {
            throw VerityError(.serviceUnavailable, "no sanctions list is imported on this server (verity sanctions import sdn.csv); nothing was charged")
        }
        // The version is the import's time; with its source and size it names one list.
        let key = "\(status.version)|\(status.source)|\(status.entries)"
        if let cached, cached.key == key { return try await cached.build.value }
        let pool = self.pool
        let build = Task {
            let entries = try await repository.current()
            return try await Self.run(on: pool) { SanctionsMatcher(entries: entries) }
        }
        cached = (key, build)
        do {
            return try await build.value
        } catch {
            if cached?.key == key { cached = nil }   // the next screen tries again
            throw error
        }
    }
}

extension SanctionsScreening {
    /// `query` screened with the current matcher, on the pool.
    package func screen(_ query: SanctionsMatcher.Query, db: any Database) async throws -> [SanctionsMatcher.Match] {
        let matcher = try await matcher(db: db)
        return try await Self.run(on: pool) { matcher.screen(query) }
    }

    /// `query` screened, with the listed entries behind its matches.
    package func screenWithEntries(_ query: SanctionsMatcher.Query, db: any Database) async throws
        -> (matches: [SanctionsMatcher.Match], entries: [SanctionsEntry]) {
        let matcher = try await matcher(db: db)
        return try await Self.run(on: pool) {
            let matches = matcher.screen(query)
            return (matches, matcher.entries(of: matches))
        }
    }

    private static func run<T: Sendable>(on pool: EnginePool?, _ work: @escaping @Sendable () throws -> T) async throws -> T {
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
