import Fluent
import Foundation
import SQLKit
import VerityCore

/// Users' registrations with entities, their accreditation requests and the
/// activation codes (DIACs) an approval makes.
public struct RegistrationRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    // MARK: Registrations

    public func registration(entityID: UUID, userID: UUID) async throws -> RegistrationModel? {
        try await RegistrationModel.query(on: db).filter(\.$entity.$id == entityID).filter(\.$user.$id == userID).first()
    }

    public func registration(id: UUID) async throws -> RegistrationModel? {
        try await RegistrationModel.find(id, on: db)
    }

    /// Records a registration; false when the user registered with the entity meanwhile.
    public func create(_ registration: RegistrationModel) async throws -> Bool {
        do {
            try await db.write { try await registration.create(on: $0) }
            return true
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            return false
        }
    }

    // MARK: Accreditation requests

    /// The request for `level` still waiting for an operator, if there is one.
    public func pendingRequest(registrationID: UUID, level: Int) async throws -> AccreditationRequestModel? {
        try await AccreditationRequestModel.query(on: db).filter(\.$registration.$id == registrationID)
            .filter(\.$status == .pending).filter(\.$level == level).first()
    }

    /// Writes a new request with its events and, for a person to decide it
    /// in the console, its review case. Returns whether an endpoint will be told.
    @discardableResult
    public func create(_ request: AccreditationRequestModel, events: [WebhookEventDraft] = [], now: Int64,
                       reviewCase: ReviewCaseModel? = nil) async throws -> Bool {
        try await db.write { tx in
            try await request.create(on: tx)
            let told = try await WebhookOutbox.publish(events, now: now, on: tx)
            if let reviewCase { try await ReviewCaseRepository.open(reviewCase, on: tx) }
            return told
        }
    }

    /// An environment's requests, newest first, with the entity each is for.
    public func requests(environmentID: UUID, status: AccreditationRequestModel.Status?,
                         limit: Int) async throws -> [(request: AccreditationRequestModel, entity: CertificationEntityModel)] {
        var query = AccreditationRequestModel.query(on: db)
            .join(RegistrationModel.self, on: \AccreditationRequestModel.$registration.$id == \RegistrationModel.$id)
            .join(CertificationEntityModel.self, on: \RegistrationModel.$entity.$id == \CertificationEntityModel.$id)
            .filter(CertificationEntityModel.self, \.$environment.$id == environmentID)
        if let status { query = query.filter(\.$status == status) }
        return try await query.sort(\.$createdAt, .descending).range(..<limit).all().map { row in
            (row, try row.joined(CertificationEntityModel.self))
        }
    }

    /// A request of the environment with its registration and entity loaded.
    public func request(id: UUID, environmentID: UUID) async throws -> AccreditationRequestModel? {
        guard let request = try await AccreditationRequestModel.query(on: db).filter(\.$id == id)
            .with(\.$registration, { $0.with(\.$entity) }).first(),
              request.registration.entity.$environment.id == environmentID else { return nil }
        return request
    }

    /// Approves a pending request inside the caller's transaction (the admin
    /// API's, or a console decision's): the request is decided with its
    /// evidence, the registration accredited at the level (never lowered) and
    /// the code stored, together. False when another operator decided it first.
    public static func approve(requestID: UUID, evidenceKind: AccreditationEvidenceKind?, evidenceReference: String?, code: ActivationCodeModel,
                               now: Int64, delivery: DeliveryJob?, on tx: any Database) async throws -> Bool {
        guard let fresh = try await AccreditationRequestModel.find(requestID, on: tx), fresh.status == .pending else { return false }
        try await ReviewCaseRepository.closeDecidedElsewhere(kind: .accreditation, subjectID: requestID, decision: .approve, now: now, on: tx)
        fresh.status = .approved
        fresh.decidedAt = now
        fresh.evidenceKind = evidenceKind
        fresh.evidenceReference = evidenceReference
        try await fresh.update(on: tx)
        if let registration = try await RegistrationModel.find(code.$registration.id, on: tx),
           (registration.accreditedLevel ?? 0) < code.level {
            registration.accreditedLevel = code.level
            try await registration.update(on: tx)
        }
        try await code.create(on: tx)
        if let delivery {
            // The message goes out after the commit; should its server die first, this job sends it.
            let job = JobModel(kind: delivery.kind, subject: try code.requireID(), now: now)
            job.runAfter = delivery.runAfter
            try await job.create(on: tx)
        }
        return true
    }

    /// The job that delivers a code's message if the approving server cannot.
    public struct DeliveryJob: Sendable {
        public let kind: String
        public let runAfter: Int64

        public init(kind: String, runAfter: Int64) {
            self.kind = kind
            self.runAfter = runAfter
        }
    }

    /// The code's message, for its delivery job.
    public func activationCode(id: UUID) async throws -> ActivationCodeModel? {
        try await ActivationCodeModel.query(on: db).filter(\.$id == id).with(\.$registration).first()
    }

    /// The code's message was handed to a gateway (or given up): it is no longer kept.
    public func forgetDelivery(codeID: UUID) async throws {
        try await db.write { tx in
            try await ActivationCodeModel.query(on: tx).filter(\.$id == codeID).set(\.$deliverySealed, to: nil).update()
        }
    }

    /// Rejects a request if it is still pending, inside the caller's transaction; false when it was not.
    public static func reject(requestID: UUID, reason: String, now: Int64, on tx: any Database) async throws -> Bool {
        guard try await tx.sql().raw("""
            UPDATE cert_accreditation_requests SET status = \(literal: AccreditationRequestModel.Status.rejected), reason = \(bind: reason), decided_at = \(bind: now)
            WHERE id = \(bind: requestID) AND status = \(literal: AccreditationRequestModel.Status.pending) RETURNING id
            """).first() != nil else { return false }
        try await ReviewCaseRepository.closeDecidedElsewhere(kind: .accreditation, subjectID: requestID, decision: .reject, now: now, on: tx)
        return true
    }

    // MARK: Activation codes

    public func activationCode(hash: String) async throws -> ActivationCodeModel? {
        try await ActivationCodeModel.query(on: db).filter(\.$codeHash == hash).first()
    }
}
