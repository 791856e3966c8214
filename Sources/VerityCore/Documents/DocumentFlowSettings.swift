/// An environment's rules for the document flows of the identity API.
public struct DocumentFlowSettings: Sendable, Equatable, Codable {
    /// A selfie must come with the document in `verifyIdentityDocument` (and
    /// must not when false: the spec rejects a face image nobody asked for).
    public var faceImageRequiredForVerification: Bool
    /// The same for `captureAndVerifyIdentityDocument`.
    public var faceImageRequiredForCapture: Bool

    public init(faceImageRequiredForVerification: Bool = false, faceImageRequiredForCapture: Bool = false) {
        self.faceImageRequiredForVerification = faceImageRequiredForVerification
        self.faceImageRequiredForCapture = faceImageRequiredForCapture
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
