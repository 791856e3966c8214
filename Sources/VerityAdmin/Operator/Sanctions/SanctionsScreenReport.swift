import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VeritySanctions

/// What `verity sanctions screen` prints: the lists screened against and what matched.
public struct SanctionsScreenReport: Codable, Sendable {
    public var lists: [SanctionsListView]
    public var name: String
    public var dateOfBirth: String?
    public var nationality: String?
    /// Whether anything reached the threshold: the person needs a human review.
    public var match: Bool
    public var threshold: Double
    public var matches: [SanctionsMatcher.Match]
}

extension SanctionsOperations {
    /// Screens one identity against the current lists (`lists`, or every one
    /// imported) with the matcher VerifyCompliance uses; `SERVICE_UNAVAILABLE`
    /// when no list is imported.
    public func screenSanctions(name: String, dateOfBirth: DateOfBirth?, nationality: String?,
                                kinds: Set<SanctionsEntry.Kind> = [.individual], lists: Set<String>? = nil,
                                tenant: String? = nil) async throws -> SanctionsScreenReport {
        var tenantID: UUID?
        if let tenant { tenantID = try await self.tenantID(named: tenant) }
        let statuses = try await SanctionsRepository(db: db).statuses(tenantID: tenantID).filter { lists?.contains($0.list) ?? true }
        guard !statuses.isEmpty else {
            throw VerityError(.serviceUnavailable, lists == nil ? "no sanctions list is imported (verity sanctions import sdn.csv)"
                              : "none of \(lists?.sorted().joined(separator: ", ") ?? "") is imported (verity sanctions show)")
        }
        let matcher = try await screening.matcher(db: db)
        let matches = try await screening.screenWithEntries(.init(name: name, dateOfBirth: dateOfBirth, nationality: nationality, kinds: kinds, lists: lists),
                                                            db: db, tenant: tenantID.map { TenantLists(tenantID: $0, protector: protector) }).matches
        return SanctionsScreenReport(lists: statuses.map(\.view), name: name, dateOfBirth: dateOfBirth?.description, nationality: nationality,
                                     match: !matches.isEmpty, threshold: matcher.threshold, matches: matches)
    }
}
