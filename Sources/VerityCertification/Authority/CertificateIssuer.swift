import Fluent
import Foundation
import Logging
import VerityCore
import VerityPKI
import VerityStore
import X509
import Crypto
import VerityKernel

/// Issues pending certificates: the `certificate.issue` jobs, queued with the
/// pending row in one transaction and run by the server's `JobWorker` (any
/// server; a crashed one's lease runs out). Idempotent: only a pending
/// certificate is issued, so a job run twice issues once.
package final class CertificateIssuer: JobHandler {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock
    let pki: CertificationPKI
    /// For levels 2–4; the built-in CA when nil.
    let authority: (any CertificateAuthority)?
    package let logger: Logger

    static let kind = "certificate.issue"
    package var kind: String { Self.kind }
    package let maximumAttempts = 3

    package init(db: any Database, protector: DataProtector, clock: VerityClock, pki: CertificationPKI,
         authority: (any CertificateAuthority)?, logger: Logger) {
        self.db = db
        self.protector = protector
        self.clock = clock
        self.pki = pki
        self.authority = authority
        self.logger = logger
    }

    package func run(subject: UUID) async throws {
        try await issue(subject)
    }

    /// Issues `id` within the request (level 1 answers at once or not at all):
    /// a failure is logged and leaves the certificate pending for the caller to settle.
    /// Returns whether an endpoint will be told of the certificate (false when it failed).
    @discardableResult
    func issueNow(_ id: UUID) async -> Bool {
        do {
            return try await issue(id)
        } catch {
            let message = (error as? VerityError)?.message ?? "the certificate authority failed"
            logger.warning("certificate issuance failed", metadata: ["certificate_id": .string(id.uuidString),
                                                                   "error": .string(String(message.prefix(200)))])
            return false
        }
    }

    /// Returns whether an endpoint will be told of the certificate.
    @discardableResult
    private func issue(_ id: UUID) async throws -> Bool {
        let certificates = UserCertificateRepository(db: db)
        guard let row = try await certificates.certificateForIssuing(id: id), row.status == .pending else { return false }
        let registration = row.registration
        let keys = PersonKeyRepository(db: db, protector: protector)
        let fields = try await keys.registrationFields(registration)
        let reader = try await keys.reader(userID: registration.$user.id)
        let verifiedEmail = try row.verifiedEmailSealed.map { try reader.openText($0, at: .of(.certificateEmail, id)) }
        let (kind, tenant) = try await TenantRepository(db: db).kindAndTenant(environmentID: registration.entity.$environment.id)
        let subject = try RegisteredSubject.make(fields: fields, entity: registration.entity, registrationID: try registration.requireID(),
                                                 tenant: tenant, verifiedEmail: verifiedEmail)
        let level = try AccreditationLevel.parse(row.level)
        let publicKey = try P256.Signing.PublicKey(x963Representation: row.publicKey)
        // A test environment's certificates come from its own CA, never the live one or the outside CA.
        let ca = try pki.requireCA(kind)
        let signer: any CertificateAuthority = level == .level1 || kind == .test ? BuiltInCertificateAuthority(ca: ca, pki: pki)
            : (authority ?? BuiltInCertificateAuthority(ca: ca, pki: pki))
        let certificate = try await signer.issue(publicKey: publicKey, csr: try row.csrDER(reader: reader).map(Array.init), subject: subject,
                                                 level: level)
        guard P256.Signing.PublicKey(certificate.publicKey)?.x963Representation == publicKey.x963Representation else {
            throw VerityError(.validationError, "The certificate authority returned a certificate for another key.")
        }
        // It names the holder: sealed under their key, like their registration.
        let pem = try reader.seal(text: certificate.serializeAsPEM().pemString, at: .of(.certificate, id))
        let serial = SerialNumbers.hex(Array(certificate.serialNumber.bytes))
        let now = clock.nowMillis()
        let notAfter = Int64(certificate.notValidAfter.timeIntervalSince1970 * 1000)
        // A new certificate replaces the old: at most one is live per registration.
        let environmentID = registration.entity.$environment.id, userID = registration.$user.id, entity = registration.entity.name
        let (replaced, told) = try await certificates.recordIssued(
            id: id, registrationID: try registration.requireID(), userID: userID, serial: serial, sealedPEM: pem, notAfter: notAfter,
            issuerCA: UserCertificates.issuerCA(kind), now: now,
            events: [CertificationEvents.certificateIssued(environmentID: environmentID, userID: userID, entity: entity, level: row.level,
                                                           serial: serial, notAfter: notAfter)],
            replacedEvent: { old in
                CertificationEvents.certificateRevoked(environmentID: environmentID, userID: userID, entity: entity, level: old.level,
                                                       serial: old.serial, reason: .replaced)
            })
        for old in replaced { try? await giveUpHSMToken(of: old) }
        await notifyRevoked(replaced)
        logger.info("certificate issued", metadata: ["certificate_id": .string(id.uuidString), "level": .stringConvertible(row.level)])
        return told
    }

    /// Refused or out of attempts: the certificate fails and the user is back
    /// where they stood before asking.
    package func gaveUp(subject id: UUID, reason: String) async {
        do {
            let certificates = UserCertificateRepository(db: db)
            guard let row = try await certificates.certificate(id: id), row.status == .pending else { return }
            let stillCertified = try await certificates.current(registrationID: row.$registration.id) != nil
            try await certificates.fail(id: id, reason: reason,
                                        registration: (row.$registration.id, stillCertified ? .certified : .uncertified))
            try? await giveUpHSMToken(of: row)
        } catch {
            logger.error("a failed certificate could not be settled", metadata: ["certificate_id": .string(id.uuidString)])
        }
    }

    /// Tells an outside CA about certificates given up (levels 2–4 it issued).
    /// Our own checks refuse them at once; a CA that cannot be told is logged.
    package func notifyRevoked(_ rows: [UserCertificateModel]) async {
        guard let authority else { return }
        for row in rows where row.level >= 2 {
            guard let serial = row.serial else { continue }
            do {
                try await authority.revoke(serialNumber: serial)
            } catch {
                logger.warning("the certificate authority was not told of a revocation", metadata: ["serial": .string(serial)])
            }
        }
    }

    /// Gives a level-4 key's token up: `verity hsm wipe`, which alone holds
    /// the SO PIN, destroys it (issue 47, finding 15). Its certificate is
    /// revoked first, and no server signs with a revoked one; until the wipe
    /// the key opens only with its holder's password, which no one stored.
    func giveUpHSMToken(of row: UserCertificateModel) async throws {
        guard let token = row.hsmToken else { return }
        try await HSMTokenRepository(db: db, protector: protector).markToWipe(label: token, now: clock.nowMillis())
    }
}
