import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel
import VerityOperators

/// The audit trail as the console shows it: a tenant's events, newest first,
/// a page at a time, each with who did it (an operator by address, a key by
/// its prefix), the environment, and the user by the integrator's reference.
struct ConsoleAuditTrail: Sendable {
    let db: any Database
    let protector: DataProtector

    static let pageSize = 50
    static let maxUserRefLength = 128

    /// What the audit page asks for; every field as typed, checked here.
    struct Query: Sendable {
        var action: String?
        var actor: String?
        var userRef: String?
        /// `YYYY-MM-DD`, UTC, inclusive.
        var from: String?
        var to: String?
        /// The cursor of the page before: `<at>_<id>`.
        var after: String?
    }

    struct Row: Sendable {
        let at: Int64
        let action: String
        let actor: String
        let environment: String?
        let userRef: String?
        let reason: String?
    }

    struct Page: Sendable {
        let rows: [Row]
        /// The cursor of the next (older) page, when there may be one.
        let next: String?
        let actions: [String]
        /// Each actor's raw value with how it reads.
        let actors: [(value: String, label: String)]
    }

    /// A field the page cannot use, named for its message.
    struct Problem: Error { package let field: String }

    func page(tenantID: UUID, query: Query) async throws -> Page {
        var filter = AuditRepository.Filter()
        filter.action = Self.nonEmpty(query.action).map { String($0.prefix(100)) }
        filter.actor = Self.nonEmpty(query.actor).map { String($0.prefix(100)) }
        filter.from = try Self.day(query.from, field: "from")
        filter.until = try Self.day(query.to, field: "to").map { $0 + 86_400_000 }
        if let cursor = Self.nonEmpty(query.after) {
            let parts = cursor.split(separator: "_", maxSplits: 1)
            guard parts.count == 2, let at = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else { throw Problem(field: "after") }
            filter.after = (at, id)
        }
        let environments = try await TenantRepository(db: db).environments(tenantID: tenantID)
        if let userRef = Self.nonEmpty(query.userRef) {
            guard userRef.count <= Self.maxUserRefLength else { throw Problem(field: "user") }
            let users = UserRepository(db: db, protector: protector)
            var ids: [UUID] = []
            for environment in environments {
                if let user = try await users.find(userRef: userRef, environmentID: try environment.requireID()) { ids.append(try user.requireID()) }
            }
            filter.userIDs = ids
        }
        let repository = AuditRepository(db: db)
        let events = try await repository.events(tenantID: tenantID, filter: filter, limit: Self.pageSize)
        let choices = try await repository.choices(tenantID: tenantID)
        let emails = Dictionary(uniqueKeysWithValues: try await OperatorAccounts.emails(tenantID: tenantID, db: db, protector: protector)
            .map { (OperatorAccounts.actor($0.key), $0.value) })
        let labels = Self.actorLabels(emails)
        let kinds = Dictionary(uniqueKeysWithValues: try environments.map { (try $0.requireID(), $0.kind.rawValue) })
        let refs = try await UserRepository(db: db, protector: protector).userRefs(ids: Set(events.compactMap(\.userID)))
        let rows = events.map { event in
            Row(at: event.at, action: event.action, actor: labels(event.actor), environment: event.environmentID.flatMap { kinds[$0] },
                userRef: event.userID.flatMap { refs[$0] }, reason: event.reason.map { Self.namingOperators($0, emails) })
        }
        let next = events.count == Self.pageSize ? events.last.flatMap { last in last.id.map { "\(last.at)_\($0.uuidString)" } } : nil
        return Page(rows: rows, next: next, actions: choices.actions, actors: choices.actors.map { ($0, labels($0)) })
    }

    /// A reason with each operator it names (`operator:<id>`, as operator
    /// changes write them: the trail holds no address) read by their address.
    static func namingOperators(_ reason: String, _ emails: [String: String]) -> String {
        guard reason.contains("operator:") else { return reason }
        var named = reason
        for (actor, email) in emails where named.contains(actor) { named = named.replacingOccurrences(of: actor, with: email) }
        return named
    }

    /// How each actor reads: an operator by address (`emails`, by actor), a key by its prefix.
    private static func actorLabels(_ emails: [String: String]) -> (String) -> String {
        return { actor in
            if let email = emails[actor] { return email }
            if actor.hasPrefix("key:") { return "API key \(actor.dropFirst(4))…" }
            switch actor {
            case "cli": return "verity CLI"
            case "system": return "Verity"
            default: return actor
            }
        }
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// Midnight UTC of `YYYY-MM-DD`, in epoch ms.
    static func day(_ text: String?, field: String) throws -> Int64? {
        guard let text = nonEmpty(text) else { return nil }
        let parts = text.split(separator: "-").map { Int($0) }
        guard text.count == 10, parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
              (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { throw Problem(field: field) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day
        else { throw Problem(field: field) }
        return Int64(date.timeIntervalSince1970 * 1000)
    }
}
