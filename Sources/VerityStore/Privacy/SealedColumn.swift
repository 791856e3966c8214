import Foundation

/// Every column that holds sealed values, with its table: the one list a
/// seal's place (`SealPlace.of`), a data-key rotation and the binding of
/// older values (`SealBinding`) read. `DataKeyRotationTests` fails on a
/// binary column in no list, so a new sealed column cannot be forgotten.
public enum SealedColumn: String, CaseIterable, Sendable {
    // Under the data key.
    case registryRecord = "registry_records.sealed_record"
    case webhookSecret = "webhook_endpoints.secret_sealed"
    case webhookPreviousSecret = "webhook_endpoints.previous_secret_sealed"
    case operatorEmail = "operators.email_sealed"
    case operatorSecondFactor = "operators.totp_secret_sealed"
    case outboxTo = "sms_outbox.to_sealed"
    case outboxText = "sms_outbox.text_sealed"
    case outboxSubject = "sms_outbox.subject_sealed"
    case mobileState = "mobile_sessions.sealed_state"
    case mobileSelfie = "mobile_sessions.sealed_selfie"
    case mobileFront = "mobile_sessions.sealed_front"
    case mobileBack = "mobile_sessions.sealed_back"
    case mobileReviewSelfie = "mobile_review_images.sealed_selfie"
    case mobileReviewFront = "mobile_review_images.sealed_front"
    case mobileReviewBack = "mobile_review_images.sealed_back"
    case ocrKeys = "ocr_sessions.sealed_keys"
    case idempotentBody = "idempotency_keys.sealed_body"
    case responseSigningKey = "response_signing_keys.sealed_hmac_key"
    case hsmProvisioningPIN = "hsm_tokens.pin_sealed"
    /// A tenant's watchlist entry (people a tenant flags), and what an import of one changed.
    case watchlistEntry = "sanctions_entries.sealed_detail"
    case watchlistChange = "sanctions_list_changes.sealed_detail"
    /// What a re-screen found for a monitored person (`MonitoringFinding`): the match and the entry as listed.
    case monitoringFinding = "monitoring_alerts.sealed_found"
    // Under a person's key (`PersonSealer`); rows from before people had keys
    // are under the data key.
    case ocrFront = "ocr_sessions.sealed_front"
    case ocrBack = "ocr_sessions.sealed_back"
    case ocrFrontImage = "ocr_sessions.sealed_front_image"
    case ocrBackImage = "ocr_sessions.sealed_back_image"
    case ocrReview = "ocr_sessions.sealed_review"
    case userRef = "end_users.ref_sealed"
    case userPhone = "end_users.phone_sealed"
    case userEmail = "end_users.email_sealed"
    case verificationClaim = "document_verifications.sealed_claim"
    case checkFront = "document_checks.sealed_front"
    case checkBack = "document_checks.sealed_back"
    case checkFace = "document_checks.sealed_face"
    /// The chip's files an app read (DG1 and DG2 are PII and a face), kept as long as the images.
    case checkChip = "document_checks.sealed_chip"
    /// The chip's face decoded (a PNG), for a held check's reviewer; erased with the images.
    case checkChipFace = "document_checks.sealed_chip_face"
    case checkEvidence = "document_checks.sealed_evidence"
    /// A person kept under ongoing screening (`MonitoredSubject`).
    case monitoredSubject = "monitored_subjects.sealed_subject"
    case registrationFields = "cert_registrations.fields_sealed"
    case devicePhone = "cert_devices.phone_sealed"
    case transactionDescription = "cert_transactions.description_sealed"
    case activationDelivery = "cert_activation_codes.delivery_sealed"
    case activationMailedTo = "cert_activation_codes.mailed_to_sealed"
    // Under the holder's key since issue 47; older rows hold them in clear
    // until `UserCertificateRepository.sealLegacy` has sealed them.
    case certificate = "cert_certificates.certificate_sealed"
    case certificateRequest = "cert_certificates.csr"
    case certificateEmail = "cert_certificates.verified_email_sealed"

    public var table: String { String(rawValue.prefix { $0 != "." }) }
    public var column: String { String(rawValue.drop { $0 != "." }.dropFirst()) }

    /// The column whose value names the owning row in a seal's place: the
    /// row's id, but a user's filed claim (one row per user, upserted)
    /// belongs to the user.
    public var ownerColumn: String { self == .verificationClaim ? "user_id" : "id" }

    /// Whether a data-key rotation re-seals what this column holds under the
    /// data key. A certificate and its request never were (they were in
    /// clear, then under the holder's key, which the rotation re-wraps).
    var rotatesWithDataKey: Bool { ![.certificate, .certificateRequest, .certificateEmail].contains(self) }

    /// `columns` by table, in their order: how the rotation and the binding walk them.
    static func byTable(_ columns: [SealedColumn]) -> [(table: String, columns: [SealedColumn])] {
        var tables: [(table: String, columns: [SealedColumn])] = []
        for sealed in columns {
            if let index = tables.firstIndex(where: { $0.table == sealed.table }) {
                tables[index].columns.append(sealed)
            } else {
                tables.append((sealed.table, [sealed]))
            }
        }
        return tables
    }

    /// The columns a data-key rotation walks, by table.
    static var rotatedByTable: [(table: String, columns: [SealedColumn])] { byTable(allCases.filter(\.rotatesWithDataKey)) }
}

extension SealPlace {
    /// Column `column` of the row its `ownerColumn` names `owner`.
    public static func of(_ column: SealedColumn, _ owner: UUID) -> SealPlace {
        SealPlace(column.table, column.column, row: owner)
    }
}
