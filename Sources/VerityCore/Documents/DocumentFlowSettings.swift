/// An environment's rules for the document flows of the identity API.
public struct DocumentFlowSettings: Sendable, Equatable, Codable {
    /// A selfie must come with the document in `verifyIdentityDocument` (and
    /// must not when false: the spec rejects a face image nobody asked for).
    public var faceImageRequiredForVerification: Bool
    /// The same for `captureAndVerifyIdentityDocument`.
    public var faceImageRequiredForCapture: Bool
    /// Capture links' lifetime and limits.
    public var captureLinks: CaptureLinkPolicy
    /// When a PII attempt leaves a user needing a government ID, a capture link
    /// is made for them and `VerifiedIdentity.idScanUrl` carries it while it lives.
    public var idScanUrlEnabled: Bool
    /// The OCR service returns the card's images (`captures`) with its
    /// result, as the specification's result shows them: on by default; off,
    /// the images are never kept past their read.
    public var ocrCaptures: Bool
    /// Whether doubtful checks wait for a reviewer in the console.
    public var review: DocumentReviewSettings
    /// A passport must come with its chip's files, and its chip must verify
    /// (`docs/chip.md`): without them the submission is refused
    /// (`CHIP_REQUIRED`); a chip that does not verify fails the check, or waits
    /// for a reviewer when review is on. Off by default.
    public var chipRequiredForPassports: Bool

    public init(faceImageRequiredForVerification: Bool = false, faceImageRequiredForCapture: Bool = false,
                captureLinks: CaptureLinkPolicy = CaptureLinkPolicy(), idScanUrlEnabled: Bool = false, ocrCaptures: Bool = true,
                review: DocumentReviewSettings = DocumentReviewSettings(), chipRequiredForPassports: Bool = false) {
        self.faceImageRequiredForVerification = faceImageRequiredForVerification
        self.faceImageRequiredForCapture = faceImageRequiredForCapture
        self.captureLinks = captureLinks
        self.idScanUrlEnabled = idScanUrlEnabled
        self.ocrCaptures = ocrCaptures
        self.review = review
        self.chipRequiredForPassports = chipRequiredForPassports
    }

    enum CodingKeys: String, CodingKey {
        case faceImageRequiredForVerification, faceImageRequiredForCapture, captureLinks, idScanUrlEnabled, ocrCaptures, review
        case chipRequiredForPassports
    }

    /// Settings stored before a field existed read with its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        faceImageRequiredForVerification = try container.decodeIfPresent(Bool.self, forKey: .faceImageRequiredForVerification) ?? false
        faceImageRequiredForCapture = try container.decodeIfPresent(Bool.self, forKey: .faceImageRequiredForCapture) ?? false
        captureLinks = try container.decodeIfPresent(CaptureLinkPolicy.self, forKey: .captureLinks) ?? CaptureLinkPolicy()
        idScanUrlEnabled = try container.decodeIfPresent(Bool.self, forKey: .idScanUrlEnabled) ?? false
        ocrCaptures = try container.decodeIfPresent(Bool.self, forKey: .ocrCaptures) ?? true
        review = try container.decodeIfPresent(DocumentReviewSettings.self, forKey: .review) ?? DocumentReviewSettings()
        chipRequiredForPassports = try container.decodeIfPresent(Bool.self, forKey: .chipRequiredForPassports) ?? false
    }

    /// The flows that ask about a face image: the wire's `DocumentFlow`.
    public typealias Flow = DocumentFlow

    public func faceImageRequired(for flow: Flow) -> Bool {
        switch flow {
        case .verification: faceImageRequiredForVerification
        case .capture: faceImageRequiredForCapture
        }
    }
}
