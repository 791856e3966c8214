import AsyncHTTPClient
import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityPKI
import VerityStore
import VerityKernel
import VerityCertification

/// A message kept by the development outbox, as `verity sms outbox` prints it.
public struct OutboxEntry: Sendable, Codable, Equatable {
    /// `sms` or `email`.
    public let channel: String
    public let to: String
    /// An e-mail's subject.
    public let subject: String?
    public let text: String
    public let createdAtEpochMs: Int64
}

/// Who signed a document, as `verity sign verify` reports it.
public struct SignatureReport: Sendable, Codable, Equatable {
    public let valid: Bool
    public let signer: String
    public let serialNumber: String
    public let level: Int?
}

/// Operators' certification tasks from the CLI: the same service the admin API uses.
extension CertificationOperations {
    public func accreditationRequests(tenant: String, environment kind: EnvironmentKind, status: String?) async throws -> [AccreditationRequestView] {
        try await accreditation(tenant: tenant, kind: kind) { try await $0.requests(status: status, context: $1) }
    }

    public func approveAccreditation(tenant: String, environment kind: EnvironmentKind, id: String,
                                     evidence: AccreditationEvidence?, delivery: String? = nil) async throws -> ActivationCodeIssued {
        try await accreditation(tenant: tenant, kind: kind) {
            try await $0.approve(id, input: AccreditationApprovalInput(evidence: evidence, delivery: delivery), context: $1)
        }
    }

    public func rejectAccreditation(tenant: String, environment kind: EnvironmentKind, id: String, reason: String) async throws -> AccreditationRequestView {
        try await accreditation(tenant: tenant, kind: kind) { try await $0.reject(id, input: AccreditationRejectionInput(reason: reason), context: $1) }
    }

    public func unlockCertificationUser(tenant: String, environment kind: EnvironmentKind, userRef: String) async throws -> UnlockResult {
        try await accreditation(tenant: tenant, kind: kind) { try await $0.unlock(userRef: userRef, context: $1) }
    }

    /// The development outbox of a test environment, newest first.
    public func outbox(tenant: String, environment kind: EnvironmentKind, limit: Int) async throws -> [OutboxEntry] {
        guard kind == .test else { throw VerityError(.validationError, "Live environments never use the development outbox.", field: "environment") }
        let environmentID = try await environmentID(tenant: tenant, kind: kind)
        return try await OutboxRepository(db: db).messages(environmentID: environmentID, limit: max(1, min(limit, 1000))).map { row in
            let id = try row.requireID()
            return OutboxEntry(channel: (row.channel ?? .sms).rawValue, to: try protector.openText(row.toSealed, at: .of(.outboxTo, id)),
                               subject: try row.subjectSealed.map { try protector.openText($0, at: .of(.outboxSubject, id)) },
                               text: try protector.openText(row.textSealed, at: .of(.outboxText, id)), createdAtEpochMs: row.createdAt)
        }
    }

    /// Checks a detached CMS signature against the CA that issues for
    /// environments of `kind` (the platform CA for live ones, the test CA
    /// for test ones) in `caDirectory` (default: the data folder) and the
    /// revocations in the database.
    public func verifySignature(document: [UInt8], signature: [UInt8], caDirectory: String? = nil,
                                environment kind: EnvironmentKind = .live) async throws -> SignatureReport {
        let ca = try settings.caFiles(for: kind, in: caDirectory).certificates()
        let revoked = Set(try await UserCertificateRepository(db: db).revokedSerials(issuedBy: kind).map(\.serial))
        let signer = try await DocumentSignature.verify(document, signature: signature, root: ca.root, intermediates: [ca.issuing],
                                                        revokedSerials: revoked, now: Date(timeIntervalSince1970: Double(clock.nowMillis()) / 1000))
        let serial = SerialNumbers.hex(Array(signer.serialNumber.bytes))
        let level = try await UserCertificateRepository(db: db).certificate(serial: serial)?.level
        return SignatureReport(valid: true, signer: signer.subject.description, serialNumber: serial, level: level)
    }

    private func accreditation<T>(tenant: String, kind: EnvironmentKind,
                                  _ body: (AccreditationAdminService, AdminContext) async throws -> T) async throws -> T {
        let logger = Logger(label: "verity.cli")
        let provider = settings.sms.map { HTTPSMSGateway(settings: $0, client: HTTPClient.shared, logger: logger) }
        let service = AccreditationAdminService(
            protector: protector, clock: clock,
            messaging: CertificationMessaging(provider: provider, mail: settings.smtp.map { SMTPMailGateway(settings: $0, logger: logger) },
                                              protector: protector, clock: clock))
        return try await body(service, try await cliContext(tenant: tenant, kind: kind, logger: logger))
    }
}
