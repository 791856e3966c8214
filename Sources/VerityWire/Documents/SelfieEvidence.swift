/// What the face engine found in the selfie, beside the document's portrait.
/// Measurements only: no embedding or face crop is kept.
public struct SelfieEvidence: Sendable, Codable, Equatable {
    /// One face was found in the selfie.
    public var selfieFaceFound: Bool
    /// A face was found on the document's portrait.
    public var portraitFaceFound: Bool
    /// Embedding distance (lower is more alike), when both faces were found.
    public var distance: Double?
    /// The environment's threshold the distance was judged against.
    public var threshold: Double
    /// Passive liveness: nil when no face was found to judge.
    public var attackSuspected: Bool?
    public var livenessReasons: [String]
    /// When the check came with a chip whose DG2 decoded: its face found, and
    /// its distances to the selfie and to the printed portrait (nil where a
    /// face is missing), measured with the same embeddings as `distance`.
    public var chipFaceFound: Bool?
    public var chipToSelfieDistance: Double?
    public var chipToPortraitDistance: Double?

    public init(selfieFaceFound: Bool, portraitFaceFound: Bool, distance: Double?, threshold: Double,
                attackSuspected: Bool?, livenessReasons: [String], chipFaceFound: Bool? = nil, chipToSelfieDistance: Double? = nil,
                chipToPortraitDistance: Double? = nil) {
        self.selfieFaceFound = selfieFaceFound
        self.portraitFaceFound = portraitFaceFound
        self.distance = distance
        self.threshold = threshold
        self.attackSuspected = attackSuspected
        self.livenessReasons = livenessReasons
        self.chipFaceFound = chipFaceFound
        self.chipToSelfieDistance = chipToSelfieDistance
        self.chipToPortraitDistance = chipToPortraitDistance
    }

    public var matched: Bool? { distance.map { $0 <= threshold } }
}
