/// An environment's rules for identity verification.
public struct VerificationPolicy: Sendable, Equatable, Codable {
    /// Failed PII attempts allowed before the user is stopped.
    public var maxAttempts: Int
    /// The minimum level every user must reach.
    public var requiredMethod: VerificationMethod
    /// When PII cannot verify (attempts used up), ask for a government ID instead
    /// of stopping the user.
    public var escalateToGovernmentID: Bool
    /// Documents accepted when a government ID is required.
    public var acceptableDocumentTypes: [DocumentType]

    public static let attemptsRange = 1...20

    public init(maxAttempts: Int = 3, requiredMethod: VerificationMethod = .knowledgeOfPII,
                escalateToGovernmentID: Bool = true,
                acceptableDocumentTypes: [DocumentType] = [.driverLicense, .passport, .idCard]) {
        self.maxAttempts = maxAttempts
        self.requiredMethod = requiredMethod
        self.escalateToGovernmentID = escalateToGovernmentID
        self.acceptableDocumentTypes = acceptableDocumentTypes
    }

    /// Throws when the policy cannot be applied as written.
    public func validated() throws(VerityError) -> VerificationPolicy {
        guard Self.attemptsRange.contains(maxAttempts) else {
            throw .invalid("maxAttempts", "maxAttempts must be between \(Self.attemptsRange.lowerBound) and \(Self.attemptsRange.upperBound)")
        }
        guard requiredMethod != .none else {
            throw .invalid("requiredMethod", "requiredMethod must be KNOWLEDGE_OF_PII or GOVERNMENT_ID")
        }
        guard !acceptableDocumentTypes.isEmpty else {
            throw .invalid("acceptableDocumentTypes", "at least one document type must be acceptable")
        }
        return self
    }
}
