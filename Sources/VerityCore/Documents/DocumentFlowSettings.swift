/// An environment's rules for the document flows of the identity API.
public struct DocumentFlowSettings: Sendable, Equatable, Codable {
    /// A selfie must come with the document in `verifyIdentityDocument` (and
    /// must not when false: the spec rejects a face image nobody asked for).
    public var faceImageRequiredForVerification: Bool
    /// The same for `captureAndVerifyIdentityDocument`.
    public var faceImageRequiredForCapture: Bool
    /// Capture links' lifetime and opening limit.
    public var captureLinks: CaptureLinkPolicy

    public init(faceImageRequiredForVerification: Bool = false, faceImageRequiredForCapture: Bool = false,
                captureLinks: CaptureLinkPolicy = CaptureLinkPolicy()) {
        self.faceImageRequiredForVerification = faceImageRequiredForVerification
        self.faceImageRequiredForCapture = faceImageRequiredForCapture
        self.captureLinks = captureLinks
    }

    enum CodingKeys: String, CodingKey {
        case faceImageRequiredForVerification, faceImageRequiredForCapture, captureLinks
    }

    /// Settings stored before a field existed read with its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        faceImageRequiredForVerification = try container.decodeIfPresent(Bool.self, forKey: .faceImageRequiredForVerification) ?? false
        faceImageRequiredForCapture = try container.decodeIfPresent(Bool.self, forKey: .faceImageRequiredForCapture) ?? false
        captureLinks = try container.decodeIfPresent(CaptureLinkPolicy.self, forKey: .captureLinks) ?? CaptureLinkPolicy()
    }

    /// The flows that ask about a face image.
    public enum Flow: String, Sendable, CaseIterable {
        case verification, capture
    }

    public func faceImageRequired(for flow: Flow) -> Bool {
        switch flow {
        case .verification: faceImageRequiredForVerification
        case .capture: faceImageRequiredForCapture
        }
    }
}
