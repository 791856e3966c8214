import Fluent
import Foundation
import VerityAPI
import VerityChip
import VerityEngines
import VerityCore
import VerityKernel
import VerityStore

/// The one way a tenant's chip trust changes, whichever door asks (the admin
/// API, the CLI, the console): a file read and checked (`TrustImport`, in the
/// engines' sandbox when a request brings it), its certificates added beside
/// their audit row. Reading what is trusted goes through here too.
package struct ChipTrustService: Sendable {
    /// Reads a trust file: the engine pool for a request, the CLI's own process otherwise.
    package typealias Reader = @Sendable (_ file: [UInt8], _ signerAnchors: [Data]) async throws -> ChipTrustAnswer

    let clock: VerityClock
    let read: Reader

    package init(clock: VerityClock, read: @escaping Reader) {
        self.clock = clock
        self.read = read
    }

    /// Reads in this process: for the CLI, on the operator's own file.
    package static let inProcess: Reader = { file, anchors in ChipTrustAnswer.read(file, signerAnchors: anchors) }

    /// Imports `input` into `tenantID`'s trust, audited as `change`.
    package func importFile(_ input: ChipTrustImportInput, tenantID: UUID, environmentID: UUID?, change: AuditedChange,
                            db: any Database) async throws -> ChipTrustImportResult {
        let file = try Self.decode(input.fileBase64, field: "fileBase64")
        var anchors = try (input.signerCscaBase64 ?? []).map { Data(try Self.decode($0, field: "signerCscaBase64")) }
        let repository = ChipTrustRepository(db: db)
        if input.signerFromTrustStore == true {
            anchors += try await repository.certificates(tenantID: tenantID).map(\.encoded)
        }
        let outcome: TrustImport.Outcome
        switch try await read(file, anchors) {
        case .imported(let imported): outcome = imported
        case .refused(let refusal): throw VerityError.invalid(refusal == .masterListWithoutAnchor ? "signerCscaBase64" : "fileBase64", refusal.description)
        }
        let now = clock.nowMillis()
        let audit: @Sendable (any Database) async throws -> Void = { tx in
            try await AuditRepository.record("chip.trust.import.\(outcome.kind.rawValue)", actor: change.actor, environmentID: environmentID,
                                              userID: nil, now: now, tenantID: tenantID, reason: change.reason, on: tx)
        }
        if let list = outcome.revocationList {
            let kept = try await repository.keep(Self.model(list, now: now), tenantID: tenantID, audit: audit)
            guard kept else {
                throw VerityError.invalid("fileBase64", "a revocation list of this CSCA as new or newer is trusted already")
            }
            return ChipTrustImportResult(kind: outcome.kind.rawValue, certificates: 0, added: 0, alreadyTrusted: 0, duplicates: 0, skipped: [],
                                         signer: nil, revocationList: Self.view(list))
        }
        let source = outcome.signer.map { "master list signed by \($0.subject)" } ?? "certificate"
        let accepted = outcome.entries.filter { $0.outcome == .accepted }
        let models = accepted.compactMap { Self.model($0, source: source, now: now) }
        let added = try await repository.add(models, tenantID: tenantID, audit: audit)
        return ChipTrustImportResult(
            kind: outcome.kind.rawValue, certificates: outcome.entries.count, added: added, alreadyTrusted: accepted.count - added,
            duplicates: outcome.entries.filter { $0.outcome == .duplicate }.count,
            skipped: outcome.entries.filter { $0.outcome == .skipped }.map {
                ChipTrustSkip(subject: $0.facts?.subject, country: $0.facts?.country, reason: $0.reason?.rawValue ?? "unreadable")
            },
            signer: outcome.signer?.subject, revocationList: nil)
    }

    /// What `tenantID` trusts.
    package func trust(tenantID: UUID, db: any Database) async throws -> ChipTrustView {
        let repository = ChipTrustRepository(db: db)
        let certificates = try await repository.certificates(tenantID: tenantID).map {
            ChipTrustCertificateView(fingerprint: $0.fingerprint, subject: $0.subject, country: $0.country, serialNumber: $0.serialNumber,
                                     key: $0.keySummary, notBeforeEpochMs: $0.notBefore, notAfterEpochMs: $0.notAfter, isLink: $0.isLink,
                                     source: $0.source, importedAtEpochMs: $0.importedAt)
        }
        let lists = try await repository.revocationLists(tenantID: tenantID).map {
            ChipRevocationListView(issuer: $0.issuer, thisUpdateEpochMs: $0.thisUpdate, nextUpdateEpochMs: $0.nextUpdate, revokedCount: $0.revokedCount)
        }
        return ChipTrustView(certificates: certificates, revocationLists: lists)
    }

    private static func decode(_ text: String, field: String) throws(VerityError) -> [UInt8] {
        guard !text.isEmpty else { throw VerityError.invalid(field, "\(field) is empty: send the file in base64") }
        guard text.count <= ChipTrustImportInput.maximumFileBytes / 3 * 4 + 4, let data = Data(base64Encoded: text) else {
            throw VerityError.invalid(field, "\(field) must be the file in base64, at most \(ChipTrustImportInput.maximumFileBytes / 1_048_576) MB")
        }
        return [UInt8](data)
    }

    private static func model(_ entry: TrustImport.Entry, source: String, now: Int64) -> ChipTrustCertificateModel? {
        guard let facts = entry.facts, let encoded = entry.encoded else { return nil }
        let model = ChipTrustCertificateModel()
        model.id = UUID()
        model.fingerprint = facts.fingerprint
        model.subjectKey = facts.subjectKey
        model.keyIdentifier = facts.keyIdentifier
        model.subject = facts.subject
        model.country = facts.country
        model.serialNumber = facts.serialNumber
        model.keySummary = facts.key
        model.notBefore = Int64(facts.notBefore.timeIntervalSince1970 * 1000)
        model.notAfter = Int64(facts.notAfter.timeIntervalSince1970 * 1000)
        model.isLink = entry.isLink
        model.source = String(source.prefix(300))
        model.encoded = encoded
        model.importedAt = now
        return model
    }

    private static func model(_ list: RevocationListFacts, now: Int64) -> ChipRevocationListModel {
        let model = ChipRevocationListModel()
        model.id = UUID()
        model.issuerKey = list.issuerKey
        model.issuer = list.issuer
        model.thisUpdate = Int64(list.thisUpdate.timeIntervalSince1970 * 1000)
        model.nextUpdate = list.nextUpdate.map { Int64($0.timeIntervalSince1970 * 1000) }
        model.revokedCount = list.revokedCount
        model.encoded = list.encoded
        model.importedAt = now
        return model
    }

    private static func view(_ list: RevocationListFacts) -> ChipRevocationListView {
        ChipRevocationListView(issuer: list.issuer, thisUpdateEpochMs: Int64(list.thisUpdate.timeIntervalSince1970 * 1000),
                               nextUpdateEpochMs: list.nextUpdate.map { Int64($0.timeIntervalSince1970 * 1000) }, revokedCount: list.revokedCount)
    }
}
