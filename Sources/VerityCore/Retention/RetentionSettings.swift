/// How long an environment keeps what it no longer needs, in days. The
/// retention sweep (`RetentionSweeper`, a job on the shared queue) enforces
/// them; mobile results follow `MobileSettings.resultRetentionDays`.
/// A period left out of a stored configuration reads as its default.
public struct RetentionSettings: Sendable, Equatable, Codable {
    /// Days a document check's images are kept after the check ends. 0, the
    /// default: erased in the transaction that ends it. Rules that make the
    /// tenant keep a copy of the document (anti-money-laundering) ask for more.
    public var documentImagesDays: Int
    /// Days a check held for a reviewer keeps its images; past that they are
    /// erased and the reviewer decides from the evidence.
    public var heldImagesDays: Int
    /// Days a check's evidence (the engine's report: fields read, checks,
    /// face measurements) is kept after the check ends; nil keeps it.
    public var documentEvidenceDays: Int?
    /// Days the audit trail is kept; nil keeps it.
    public var auditDays: Int?
    /// Days webhook events and their delivery log are kept once nothing is left to deliver.
    public var webhookLogDays: Int

    public static let defaultHeldImagesDays = 30
    public static let defaultWebhookLogDays = 90
    public static let daysRange = 1...3650
    /// An audit trail shorter than this would not cover a year's review.
    public static let auditDaysRange = 365...3650

    public init(documentImagesDays: Int = 0, heldImagesDays: Int = RetentionSettings.defaultHeldImagesDays,
                documentEvidenceDays: Int? = nil, auditDays: Int? = nil, webhookLogDays: Int = RetentionSettings.defaultWebhookLogDays) {
        self.documentImagesDays = documentImagesDays
        self.heldImagesDays = heldImagesDays
        self.documentEvidenceDays = documentEvidenceDays
        self.auditDays = auditDays
        self.webhookLogDays = webhookLogDays
    }

    enum CodingKeys: String, CodingKey { case documentImagesDays, heldImagesDays, documentEvidenceDays, auditDays, webhookLogDays }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        documentImagesDays = try container.decodeIfPresent(Int.self, forKey: .documentImagesDays) ?? 0
        heldImagesDays = try container.decodeIfPresent(Int.self, forKey: .heldImagesDays) ?? Self.defaultHeldImagesDays
        documentEvidenceDays = try container.decodeIfPresent(Int.self, forKey: .documentEvidenceDays)
        auditDays = try container.decodeIfPresent(Int.self, forKey: .auditDays)
        webhookLogDays = try container.decodeIfPresent(Int.self, forKey: .webhookLogDays) ?? Self.defaultWebhookLogDays
    }

    /// Whether a check that ends keeps its images for the sweep to erase later.
    public var keepsImagesAfterCheck: Bool { documentImagesDays > 0 }

    public func validated() throws(VerityError) -> RetentionSettings {
        guard documentImagesDays == 0 || Self.daysRange.contains(documentImagesDays) else {
            throw .invalid("retention.documentImagesDays", "documentImagesDays must be 0 (erased when the check ends) to 3650")
        }
        guard Self.daysRange.contains(heldImagesDays) else {
            throw .invalid("retention.heldImagesDays", "heldImagesDays must be 1 to 3650")
        }
        if let documentEvidenceDays {
            guard Self.daysRange.contains(documentEvidenceDays), documentEvidenceDays >= documentImagesDays else {
                throw .invalid("retention.documentEvidenceDays",
                               "documentEvidenceDays must be 1 to 3650, and no shorter than documentImagesDays")
            }
        }
        if let auditDays, !Self.auditDaysRange.contains(auditDays) {
            throw .invalid("retention.auditDays", "auditDays must be 365 to 3650")
        }
        guard Self.daysRange.contains(webhookLogDays) else {
            throw .invalid("retention.webhookLogDays", "webhookLogDays must be 1 to 3650")
        }
        return self
    }
}
