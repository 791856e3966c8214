import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// A user's `VerifiedIdentity` as every surface reports it: the stored record
/// with the document verification's status and latest check, under the
/// environment's policy.
struct IdentityStatusReader: Sendable {
    let db: any Database

    /// `record`: pass the one a write just returned, to skip reading it again.
    func identity(userID: UUID, configuration: EnvironmentConfiguration, consented: Bool,
                  record known: VerificationRecord? = nil) async throws -> VerifiedIdentity {
        var record = if let known { known } else { try await VerificationRepository(db: db).record(userID: userID) }
        let documents = DocumentCheckRepository(db: db)
        record.documentStatus = try await documents.status(userID: userID)
        var identity = VerifiedIdentity(status: configuration.policy.status(of: record), owner: userID, consented: consented)
        identity.documentCheck = try await documents.latestCheck(userID: userID).map(DocumentCheckSummary.init)
        return identity
    }
}

extension DocumentCheckSummary {
    init(_ check: DocumentCheckModel) {
        self.init(checkId: check.id?.uuidString ?? "", status: check.status, flow: check.flow,
                  documentType: DocumentType(rawValue: check.documentType) ?? .passport, country: check.country,
                  reasons: check.reasons.map { $0.split(separator: ",").map(String.init) } ?? [],
                  submittedAtEpochMs: check.createdAt, completedAtEpochMs: check.finishedAt ?? 0)
    }
}
