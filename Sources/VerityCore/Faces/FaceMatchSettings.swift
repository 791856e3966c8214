/// An environment's face settings: how close a selfie must be to a document
/// portrait to be the same person.
public struct FaceMatchSettings: Sendable, Equatable, Codable {
    /// Calibrated on selfies against document-like portraits (docs/faces.md):
    /// 0 false matches and ≤ 2% false non-matches on every kind measured.
    public static let defaultThreshold = 0.58
    /// Below 0.4 most genuine document portraits fail; above 0.66 different
    /// people start to match.
    public static let thresholdRange = 0.4...0.66

    /// Euclidean distance between face embeddings at or below which two faces match.
    public var matchThreshold: Double

    public init(matchThreshold: Double = FaceMatchSettings.defaultThreshold) {
        self.matchThreshold = matchThreshold
    }

    public func validated() throws(VerityError) -> FaceMatchSettings {
        guard matchThreshold.isFinite, Self.thresholdRange.contains(matchThreshold) else {
            throw .invalid("faces.matchThreshold", "matchThreshold must be between \(Self.thresholdRange.lowerBound) and \(Self.thresholdRange.upperBound)")
        }
        return self
    }
}
